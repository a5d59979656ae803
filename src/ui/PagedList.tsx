import { Trans, useLingui } from '@lingui/react/macro'
import { Button, LoadingOverlay, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../contract/common'
import { type DataColumn, DataTable } from './DataTable'
import { ListPaging } from './ListPaging'
import { PageButtons } from './PageButtons'
import { Empty, QueryContent } from './QueryStates'

/** Pages numbered from 1, switched by number. */
type NumberedPaging = { page: number; onPage: (page: number) => void; pageSize?: number }

/** Pages by offset, stepped through with Previous and Next. */
type OffsetPaging = {
  offset: number
  onOffset: (offset: number) => void
  pageSize: number
  /** The total as this list words it ('Keys: 12'). */
  countLabel: (page: Paged<unknown>) => string
}

type PagedListProps<T> = {
  /** The page's query; the previous page stays shown, dimmed, while the next one loads. */
  query: UseQueryResult<Paged<T>>
  /** What is loading, for screen readers ('Loading the keys…'). */
  loadingLabel: string
  failedTitle: ReactNode
  emptyTitle: ReactNode
  paging: NumberedPaging | OffsetPaging
  /** What shows the page's rows. */
  children: (rows: T[]) => ReactNode
}

/**
 * One page of a paged list with its states: a spinner while it loads, the reason when it failed,
 * an empty state (with the way back when the page is past the end of the list), or the rows with
 * the total and the pager.
 */
export function PagedList<T>({
  query,
  loadingLabel,
  failedTitle,
  emptyTitle,
  paging,
  children,
}: PagedListProps<T>) {
  const offsetPaging = 'offset' in paging
  const toFirstPage = () => (offsetPaging ? paging.onOffset(0) : paging.onPage(1))
  return (
    <QueryContent query={query} loadingLabel={loadingLabel} failedTitle={failedTitle}>
      {(data) =>
        data.results.length === 0 ? (
          <Empty
            title={emptyTitle}
            action={
              data.count > 0 && (
                <Button variant="subtle" onClick={toFirstPage}>
                  <Trans>Go to the first page</Trans>
                </Button>
              )
            }
          />
        ) : (
          <Stack gap="xs" pos="relative" aria-busy={query.isFetching}>
            <LoadingOverlay visible={query.isPlaceholderData} zIndex={1} />
            {children(data.results)}
            {offsetPaging ? (
              <PageButtons
                page={data}
                offset={paging.offset}
                pageSize={paging.pageSize}
                onOffsetChange={paging.onOffset}
                countLabel={paging.countLabel(data)}
              />
            ) : (
              <ListPaging
                count={data.count}
                page={paging.page}
                onPage={paging.onPage}
                pageSize={paging.pageSize}
              />
            )}
          </Stack>
        )
      }
    </QueryContent>
  )
}

type PagedTableProps<T extends { id: number }> = Omit<
  PagedListProps<T>,
  'children' | 'loadingLabel' | 'failedTitle'
> & {
  /** Names the table for screen readers. */
  label: string
  /** What is loading, for screen readers; by default 'Loading' and the table's label. */
  loadingLabel?: string
  /** By default 'The list could not be loaded.' */
  failedTitle?: ReactNode
  columns: DataColumn<T>[]
  /** Narrower than this, the table scrolls sideways; none to let it fit. */
  minWidth?: number
  striped?: boolean
  highlightOnHover?: boolean
}

/** A paged list whose rows show as a table, one row per entry. */
export function PagedTable<T extends { id: number }>({
  label,
  columns,
  minWidth,
  striped,
  highlightOnHover,
  loadingLabel,
  failedTitle,
  ...list
}: PagedTableProps<T>) {
  const { t } = useLingui()
  return (
    <PagedList
      loadingLabel={loadingLabel ?? t`Loading ${label}`}
      failedTitle={failedTitle ?? <Trans>The list could not be loaded.</Trans>}
      {...list}
    >
      {(rows) => (
        <DataTable
          label={label}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          minWidth={minWidth}
          striped={striped}
          highlightOnHover={highlightOnHover}
        />
      )}
    </PagedList>
  )
}
