import { Trans } from '@lingui/react/macro'
import { type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../../contract/common'
import type { TimeLogInterval } from '../../../contract/timelogs'
import type { DataColumn } from '../../ui/DataTable'
import { PagedList } from '../../ui/PagedList'
import type { IntervalListControls } from './IntervalFilterBar'
import { IntervalTable } from './IntervalTable'

type IntervalListProps = {
  label: string
  // biome-ignore lint/suspicious/noExplicitAny: the query key's exact tuple type does not matter here
  query: UseQueryOptions<Paged<TimeLogInterval>, Error, Paged<TimeLogInterval>, any>
  controls: IntervalListControls
  onPage: (page: number) => void
  emptyTitle: ReactNode
  showUser?: boolean
  leading?: DataColumn<TimeLogInterval>
  actions?: (row: TimeLogInterval) => ReactNode
}

/** A page of intervals with its loading, failure and empty states and the page switcher. */
export function IntervalList({
  label,
  query,
  controls,
  onPage,
  emptyTitle,
  ...table
}: IntervalListProps) {
  const result = useQuery(query)
  return (
    <PagedList
      query={result}
      loadingLabel={label}
      failedTitle={<Trans>The time logs could not be loaded.</Trans>}
      emptyTitle={emptyTitle}
      paging={{ page: controls.page, onPage, pageSize: controls.limit }}
    >
      {(rows) => <IntervalTable label={label} rows={rows} tz={controls.tz} {...table} />}
    </PagedList>
  )
}
