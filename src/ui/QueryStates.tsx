import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, EmptyState, Loader } from '@mantine/core'
import { IconAlertCircle, IconInbox } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { generalMessage } from './forms/form-errors'

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

type QueryContentProps<T> = {
  query: UseQueryResult<T>
  /** What is loading, for screen readers ('Loading the task…'). */
  loadingLabel: string
  /** The heading of the alert when loading failed. */
  failedTitle: ReactNode
  /** Shown instead of the content when the answer is an empty list. */
  empty?: ReactNode
  children: (data: T) => ReactNode
}

/** A spinner while a query loads, the reason when it failed, else what its data shows. */
export function QueryContent<T>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  children,
}: QueryContentProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />
  if (query.isError) return <LoadFailed error={query.error} title={failedTitle} />
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty
  return children(query.data)
}
