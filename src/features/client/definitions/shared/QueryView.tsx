import { Trans } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailed, Loading } from '../../tasks/QueryStates'

type QueryViewProps<T> = {
  query: UseQueryResult<T>
  /** What is loading, for screen readers ('Loading the schema'). */
  loadingLabel: string
  children: (data: T) => ReactNode
}

/** A spinner while loading, the reason when loading failed, else the page itself. */
export function QueryView<T>({ query, loadingLabel, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />
  if (query.isError) {
    return <LoadFailed error={query.error} title={<Trans>This page could not be loaded.</Trans>} />
  }
  return children(query.data)
}
