import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, CopyButton, Group, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type SecretShownOnceProps = {
  title: string
  /** What to do with it, and that it cannot be shown again. */
  children: ReactNode
  /** Names the read-only field holding the secret. */
  label: string
  copyLabel: string
  value: string
  onClose: () => void
}

/**
 * A secret just made (a key's link, an API token). The server keeps only its hash, so this is
 * the one time it can be seen: it stays until the user closes it.
 */
export function SecretShownOnce({
  title,
  children,
  label,
  copyLabel,
  value,
  onClose,
}: SecretShownOnceProps) {
  const { t } = useLingui()
  return (
    <Alert
      color="green"
      title={title}
      withCloseButton
      closeButtonLabel={t`Close`}
      onClose={onClose}
    >
      {children}
      <Group gap="xs" mt="xs" wrap="nowrap">
        <TextInput
          aria-label={label}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t`Copied` : copyLabel}>
              <ActionIcon
                variant="light"
                size="lg"
                onClick={copy}
                aria-label={copied ? t`Copied` : copyLabel}
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
