import { Trans } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../../contract/common'
import type { TimeLogInterval } from '../../../contract/timelogs'
import type { DataColumn } from '../../ui/DataTable'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { ListPaging } from '../client/tasks/table/ListPaging'
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
  if (result.isPending) return <Loading label={label} />
  if (result.isError)
    return (
      <LoadFailed error={result.error} title={<Trans>The time logs could not be loaded.</Trans>} />
    )
  const { results, count } = result.data
  return (
    <Stack>
      {results.length === 0 ? (
        <Empty title={emptyTitle} />
      ) : (
        <IntervalTable
          label={label}
          rows={results}
          tz={controls.tz}
          busy={result.isPlaceholderData}
          {...table}
        />
      )}
      <ListPaging count={count} page={controls.page} onPage={onPage} pageSize={controls.limit} />
    </Stack>
  )
}
