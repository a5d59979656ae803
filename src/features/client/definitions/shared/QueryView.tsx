import { Trans } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { QueryContent } from '../../../../ui/QueryStates'

type QueryViewProps<T> = {
  query: UseQueryResult<T>
  /** What is loading, for screen readers ('Loading the schema'). */
  loadingLabel: string
  children: (data: T) => ReactNode
}

/** A spinner while loading, the reason when loading failed, else the page itself. */
export function QueryView<T>({ query, loadingLabel, children }: QueryViewProps<T>) {
  return (
    <QueryContent
      query={query}
      loadingLabel={loadingLabel}
      failedTitle={<Trans>This page could not be loaded.</Trans>}
    >
      {children}
    </QueryContent>
  )
}
