import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, EmptyState, Loader } from '@mantine/core'
import { IconAlertCircle, IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { generalMessage } from '../../../ui/forms/form-errors'

/** A centred spinner announced to screen readers with what is loading. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  )
}

/** A failed load, with the server's reason when it is one the user can act on. */
export function LoadFailed({ error, title }: { error: unknown; title: ReactNode }) {
  const { i18n } = useLingui()
  const detail = generalMessage(error, i18n)
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      {detail ?? <Trans>Check your connection and try again.</Trans>}
    </Alert>
  )
}

export function Empty({
  title,
  children,
  action,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <EmptyState icon={<IconInbox aria-hidden />} title={title} description={children} py="xl">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  )
}
