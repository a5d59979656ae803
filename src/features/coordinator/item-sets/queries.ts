import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { DEFAULT_PAGE_SIZE } from '../../../../contract/constants'
import { CoordinatorItemSetListSchema, CoordinatorItemSetSchema } from '../../../../contract/worker'
import { api } from '../../../api/client'
import { coordinatorKeys } from '../queries'
import type { ItemSetListSearch } from './search'

const ITEM_SETS = 'coordinator/item-sets/'

export const itemSetKeys = { all: () => [...coordinatorKeys.all, 'item-sets'] as const }

export const itemSetListQuery = (search: ItemSetListSearch, coordinationGroup: number | null) => {
  const query = {
    coordination_group: coordinationGroup ?? undefined,
    search: search.search?.trim() || undefined,
    flagged: search.flagged,
    ordering: search.ordering ?? '-created',
    page: search.page ?? 1,
    page_size: DEFAULT_PAGE_SIZE,
  }
  return queryOptions({
    queryKey: [...itemSetKeys.all(), query] as const,
    queryFn: ({ signal }) =>
      api(ITEM_SETS, { schema: CoordinatorItemSetListSchema, query, signal }),
    placeholderData: keepPreviousData,
    // Locks run out and sets fill up meanwhile: the list is read afresh on every visit.
    staleTime: 0,
  })
}

/** Ends a worker's lock now (the spec's PATCH with lock_expiration_timestamp set to now). */
export const endItemSetLock = (id: number) =>
  api(`${ITEM_SETS}${id}/`, {
    method: 'PATCH',
    body: { lock_expiration_timestamp: new Date().toISOString() },
    schema: CoordinatorItemSetSchema,
  })
