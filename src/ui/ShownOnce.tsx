import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, CopyButton, Group, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type ShownOnceProps = {
  title: ReactNode
  /** Why it cannot be seen again, and what to do with it. */
  children: ReactNode
  value: string
  /** Names the value's field for screen readers. */
  label: string
  copyLabel: string
  onClose: () => void
}

/**
 * A value the server shows only once (a key's link, a signing secret, an API token): it stays,
 * with a copy button, until the user closes it.
 */
export function ShownOnce({ title, children, value, label, copyLabel, onClose }: ShownOnceProps) {
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
