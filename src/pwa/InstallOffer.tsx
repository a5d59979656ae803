import { Trans, useLingui } from '@lingui/react/macro'
import { Affix, Button, Group, Notification, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { storage } from '../storage'
import { heldInstallPrompt } from './install-prompt'

/** Chromium's `beforeinstallprompt` event, which no DOM typing has yet. */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** Opened from the home screen (or as an installed desktop app) rather than in a browser tab. */
function runsInstalled(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/** iPhones and iPads (which call themselves Macs with a touch screen) install from Share. */
function appleMobileBrowser(): boolean {
  const agent = navigator.userAgent
  return /iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)
}

/** The browser's held install prompt, also when it comes after this component has mounted. */
function useHeldInstallPrompt(): [InstallPromptEvent | undefined, () => void] {
  const [event, setEvent] = useState(
    () => heldInstallPrompt.event as InstallPromptEvent | undefined,
  )
  useEffect(() => {
    heldInstallPrompt.onHeld = () => setEvent(heldInstallPrompt.event as InstallPromptEvent)
    return () => {
      heldInstallPrompt.onHeld = undefined
    }
  }, [])
  const spend = () => {
    heldInstallPrompt.event = undefined
    setEvent(undefined)
  }
  return [event, spend]
}

/**
 * A quiet offer to install the app, so that work opens from the home screen, offline too: the
 * browser's own prompt where it has one (Chromium), how to add the app through Share on iPhones
 * and iPads. Not shown once the app runs installed, nor on this device again once declined.
 */
export function InstallOffer({ apple = appleMobileBrowser() }: { apple?: boolean }) {
  const { t } = useLingui()
  const [prompt, spendPrompt] = useHeldInstallPrompt()
  const [installed, setInstalled] = useState(runsInstalled)
  const [declined, setDeclined] = useState(() => storage.get('installOfferDeclined') === true)
  useEffect(() => {
    const onInstalled = () => setInstalled(true)
    addEventListener('appinstalled', onInstalled)
    return () => removeEventListener('appinstalled', onInstalled)
  }, [])

  if (installed || declined || !(prompt || apple)) return null

  const decline = () => {
    storage.set('installOfferDeclined', true)
    setDeclined(true)
  }
  const install = async () => {
    if (!prompt) return
    // A prompt can be shown once; the browser offers another on a later visit if this is refused.
    spendPrompt()
    await prompt.prompt()
    if ((await prompt.userChoice).outcome === 'accepted') setInstalled(true)
  }

  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={390}>
      <Notification
        title={<Trans>Install Crowdwork on this device</Trans>}
        icon={<IconDownload size={18} aria-hidden />}
        withCloseButton={false}
        w={360}
        maw="calc(100vw - 32px)"
        role="region"
        aria-label={t`Install Crowdwork on this device`}
      >
        <Text size="sm">
          {prompt ? (
            <Trans>Open your work from the home screen, also without a connection.</Trans>
          ) : (
            <Trans>
              Open your work from the home screen, also without a connection: tap Share, then Add to
              Home Screen.
            </Trans>
          )}
        </Text>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button variant="default" size="xs" onClick={decline}>
            <Trans>No, thanks</Trans>
          </Button>
          {prompt && (
            <Button size="xs" onClick={() => void install()}>
              <Trans>Install</Trans>
            </Button>
          )}
        </Group>
      </Notification>
    </Affix>
  )
}
