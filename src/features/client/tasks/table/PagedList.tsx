import { LoadingOverlay, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paged } from '../../../../../contract/common'
import { QueryContent } from '../../../../ui/QueryStates'
import { ListPaging } from './ListPaging'

type PagedListProps<T> = {
  /** The page's query; the previous page stays shown, dimmed, while the next one loads. */
  query: UseQueryResult<Paged<T>>
  loadingLabel: string
  failedTitle: ReactNode
  /** Shown when the page holds no rows. */
  empty: ReactNode
  /** The page in the URL; undefined is the first. */
  page: number | undefined
  onPage: (page: number | undefined) => void
  /** The table of the page's rows. */
  children: (rows: T[]) => ReactNode
}

/** A page of a client list with its states: loading, failed, empty, or the rows and paging. */
export function PagedList<T>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  page,
  onPage,
  children,
}: PagedListProps<T>) {
  return (
    <QueryContent query={query} loadingLabel={loadingLabel} failedTitle={failedTitle}>
      {(data) =>
        data.results.length === 0 ? (
          empty
        ) : (
          <Stack gap="sm" pos="relative">
            <LoadingOverlay visible={query.isPlaceholderData} zIndex={1} />
            {children(data.results)}
            <ListPaging
              count={data.count}
              page={page ?? 1}
              onPage={(next) => onPage(next === 1 ? undefined : next)}
            />
          </Stack>
        )
      }
    </QueryContent>
  )
}
