import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import type { DefinitionOrdering } from '../../../../../contract/client-definitions'
import { DEFAULT_PAGE_SIZE } from '../../../../../contract/constants'
import { useClientGroupFilter } from '../../use-client-group'

/** How long typing pauses before the list is searched again. */
const SEARCH_DEBOUNCE_MS = 300

type ListFilters = {
  clientGroup: number | null
  search: string
  ordering: DefinitionOrdering
  page: number
}

export const FIRST_PAGE: Omit<ListFilters, 'clientGroup'> = {
  search: '',
  ordering: '-created_timestamp',
  page: 1,
}

/** The query string of a definition list; the route loaders prefetch the first page with it. */
export function listQuery({ clientGroup, search, ordering, page }: ListFilters) {
  return {
    client_group__id: clientGroup ?? undefined,
    search: search.trim() || undefined,
    ordering,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
  }
}

/**
 * The state of a definition list: search text (sent once typing pauses), ordering, page and the
 * client-group filter, plus a list's own filters (`extra`). A new search, ordering or filter
 * starts again from the first page.
 */
export function useListState(extra: Record<string, string | undefined> = {}) {
  const clientGroup = useClientGroupFilter()
  const [search, setSearch] = useState(FIRST_PAGE.search)
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const [ordering, setOrdering] = useState<DefinitionOrdering>(FIRST_PAGE.ordering)
  const filterKey = JSON.stringify([clientGroup, debouncedSearch.trim(), ordering, extra])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  return {
    clientGroup,
    search,
    setSearch,
    ordering,
    setOrdering,
    page,
    setPage: (next: number) => setPaging({ filterKey, page: next }),
    query: { ...listQuery({ clientGroup, search: debouncedSearch, ordering, page }), ...extra },
  }
}

export type ListState = ReturnType<typeof useListState>
