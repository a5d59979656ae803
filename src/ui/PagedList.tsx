import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Pagination, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../contract/common'
import { type DataColumn, DataTable } from './DataTable'
import { Empty, LoadFailed, Loading } from './QueryStates'

type PagedListProps<T extends { id: number }> = {
  /** Names the table for screen readers, and what is loading. */
  label: string
  result: UseQueryResult<Paged<T>>
  columns: DataColumn<T>[]
  /** Narrower than this, the table scrolls sideways; none to let it fit. */
  minWidth?: number
  emptyTitle: ReactNode
  page: number
  pageSize: number
  onPageChange: (page: number) => void
}

/**
 * One page of a paged list: a spinner while it loads, the reason when it failed, an empty state,
 * or the rows with the total and the page buttons. The rows stay while the next page loads.
 */
export function PagedList<T extends { id: number }>({
  label,
  result,
  columns,
  minWidth,
  emptyTitle,
  page,
  pageSize,
  onPageChange,
}: PagedListProps<T>) {
  const { t } = useLingui()
  const count = result.data?.count ?? 0
  if (result.isPending) return <Loading label={t`Loading ${label}`} />
  if (result.isError && !result.data) {
    return <LoadFailed error={result.error} title={<Trans>The list could not be loaded.</Trans>} />
  }
  if (count === 0) return <Empty title={emptyTitle} />
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={result.data?.results ?? []}
        rowKey={(row) => row.id}
        minWidth={minWidth}
        striped
        highlightOnHover
        busy={result.isFetching}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>{count} in total</Trans>
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(count / pageSize))}
          value={page}
          onChange={onPageChange}
          hideWithOnePage
          getItemProps={(number) => ({ 'aria-label': t`Page ${number}` })}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t`Previous page` : t`Next page`,
          })}
        />
      </Group>
    </>
  )
}
