import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Group, Modal, Text } from '@mantine/core'
import { openPolicyPreview } from './preview-store'

/**
 * The cookie notice. Esc and a click outside do not dismiss it; its close button does, and that
 * counts as acceptance, like 'I understand'.
 */
export function CookieBanner({ opened, onAccept }: { opened: boolean; onAccept: () => void }) {
  const { t } = useLingui()
  return (
    <Modal
      opened={opened}
      onClose={onAccept}
      closeOnEscape={false}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t`Close and accept cookies` }}
      title={t`Our website uses cookies`}
    >
      <Text>
        <Trans>
          We use only the cookies the platform needs to work: they keep you signed in, protect your
          requests and remember your settings.
        </Trans>
      </Text>
      <Anchor
        component="button"
        type="button"
        mt="xs"
        onClick={() => openPolicyPreview('cookie-policy')}
      >
        <Trans>Read the cookie policy</Trans>
      </Anchor>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onAccept}>
          <Trans>I understand</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
