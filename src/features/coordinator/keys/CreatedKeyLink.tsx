import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, CopyButton, Group, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'

/**
 * The link of a key just made. The server keeps only the key's hash, so this is the one time the
 * link can be seen: it stays until the coordinator closes it.
 */
export function CreatedKeyLink({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Alert
      color="green"
      title={t`Copy the link now`}
      withCloseButton
      closeButtonLabel={t`Close`}
      onClose={onClose}
    >
      <Trans>Send it to the person it is for. It cannot be shown again.</Trans>
      <Group gap="xs" mt="xs" wrap="nowrap">
        <TextInput
          aria-label={t`Link`}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t`Copied` : t`Copy the link`}>
              <ActionIcon
                variant="light"
                size="lg"
                onClick={copy}
                aria-label={copied ? t`Copied` : t`Copy the link`}
              >
                {copied ? <IconCheck aria-hidden /> : <IconCopy aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  )
}
