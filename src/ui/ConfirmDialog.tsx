import { Trans } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

type ConfirmDialogProps = {
  opened: boolean
  title: ReactNode
  children: ReactNode
  confirmLabel: ReactNode
  /** Red for what cannot be undone. */
  danger?: boolean
  pending?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

type ConfirmDeleteDialogProps = {
  opened: boolean
  title: ReactNode
  /** What runs on Delete; the button spins while it is pending. */
  deletion: { mutate: () => void; isPending: boolean }
  onCancel: () => void
  children: ReactNode
}

/** Asks before something is deleted for good; its Delete button is red. */
export function ConfirmDeleteDialog({
  opened,
  title,
  deletion,
  onCancel,
  children,
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      confirmLabel={<Trans>Delete</Trans>}
      danger
      pending={deletion.isPending}
      onConfirm={() => deletion.mutate()}
      onCancel={onCancel}
    >
      {children}
    </ConfirmDialog>
  )
}
