import { Trans, useLingui } from '@lingui/react/macro'
import { Affix, Button, Group, Notification, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconRefresh } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { WorkboxLifecycleEvent } from 'workbox-window'
import { NOTIFICATION_TIMEOUT_MS } from '../../contract/constants'
import { appServiceWorker, registerOnce, type ServiceWorkerControl } from './service-worker'

/** Annotators keep one tab open for a whole shift: look for a new version now and then. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

type Props = {
  workbox?: ServiceWorkerControl | null
  reload?: () => void
}

/**
 * Registers the service worker and offers a new version when one is waiting. The update is
 * never forced: 'Later' keeps the running version until the user reloads or closes the app.
 */
export function UpdatePrompt({
  workbox = appServiceWorker(),
  reload = () => window.location.reload(),
}: Props) {
  const { t } = useLingui()
  const [offered, setOffered] = useState(false)
  const [updating, setUpdating] = useState(false)
  // Another tab may accept the update first: this page then already runs under the new worker.
  const replaced = useRef(false)

  useEffect(() => {
    if (!workbox) return
    // A first install taking over an uncontrolled page brings the build this page already runs.
    const controlledAtLoad = Boolean(navigator.serviceWorker?.controller)
    const onWaiting = () => setOffered(true)
    const onControlling = (event: WorkboxLifecycleEvent) => {
      if (controlledAtLoad && (event.isUpdate || event.isExternal)) {
        replaced.current = true
        setOffered(true)
      }
    }
    const onActivated = (event: WorkboxLifecycleEvent) => {
      if (event.isUpdate || event.isExternal) return
      notifications.show({
        id: 'pwa-offline-ready',
        color: 'teal',
        message: t`Ready to work offline`,
        autoClose: NOTIFICATION_TIMEOUT_MS,
        // Good news that needs nothing done: at the bottom, it never hides a phone's header.
        position: 'bottom-center',
      })
    }
    workbox.addEventListener('waiting', onWaiting)
    workbox.addEventListener('controlling', onControlling)
    workbox.addEventListener('activated', onActivated)
    registerOnce(workbox)
    const timer = window.setInterval(() => {
      if (navigator.onLine) workbox.update().catch(() => {})
    }, UPDATE_CHECK_INTERVAL_MS)
    return () => {
      workbox.removeEventListener('waiting', onWaiting)
      workbox.removeEventListener('controlling', onControlling)
      workbox.removeEventListener('activated', onActivated)
      window.clearInterval(timer)
    }
  }, [workbox, t])

  if (!workbox || !offered) return null

  const reloadNow = () => {
    setUpdating(true)
    if (replaced.current) {
      reload()
      return
    }
    workbox.addEventListener('controlling', () => reload())
    workbox.messageSkipWaiting()
  }

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Notification
        title={<Trans>A new version is available</Trans>}
        icon={<IconRefresh size={18} />}
        withCloseButton={false}
        w={360}
        maw="calc(100vw - 32px)"
      >
        <Text size="sm">
          <Trans>Reload to start using it, or keep working and update later.</Trans>
        </Text>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button variant="default" size="xs" onClick={() => setOffered(false)} disabled={updating}>
            <Trans>Later</Trans>
          </Button>
          <Button size="xs" onClick={reloadNow} loading={updating}>
            <Trans>Reload</Trans>
          </Button>
        </Group>
      </Notification>
    </Affix>
  )
}
