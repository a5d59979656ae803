import { type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  ProtocolConfirmResultSchema,
  type WorkerItemSet,
  WorkerItemSetSchema,
  WorkerProtocolViewSchema,
} from '../../../contract/worker'
import { ApiError, api } from '../../api/client'
import { listDrafts } from '../../offline/item-sets'
import { itemSetPath } from './api-paths'
import type { DraftMap } from './effective'
import { patchStoredItemSet, readStoredItemSet, storeItemSetView } from './stored'

export const annotateKeys = {
  all: ['annotate'] as const,
  itemSet: (id: number) => [...annotateKeys.all, 'item-set', id] as const,
  drafts: (itemSetId: number) => [...annotateKeys.all, 'drafts', itemSetId] as const,
  protocol: (id: number) => [...annotateKeys.all, 'protocol', id] as const,
}

/** No answer at all (offline, server down): the device's copy is used instead. */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0

/**
 * Queries kept out of the persisted query cache: IndexedDB holds them, and a stale copy restored
 * from localStorage must never hide newer drafts.
 */
const NOT_PERSISTED = { persist: false }

/**
 * An item set: the server's view when it answers (kept on the device for offline work), else the
 * device's copy. A 404 (not the worker's set) is the screen's to show.
 */
export const itemSetQuery = (id: number) =>
  queryOptions({
    queryKey: annotateKeys.itemSet(id),
    queryFn: async ({ signal }) => {
      try {
        const view = await api(itemSetPath(id), {
          schema: WorkerItemSetSchema,
          signal,
          handledStatuses: [404],
        })
        await storeItemSetView(view)
        return view
      } catch (error) {
        const stored = unreachable(error) ? await readStoredItemSet(id) : undefined
        if (stored) return stored.view
        throw error
      }
    },
    meta: NOT_PERSISTED,
  })

/**
 * The local drafts of an item set, by item. Read from IndexedDB once; from then on the screen
 * writes each edit here first (so it shows at once) and then saves it.
 */
export const draftsQuery = (itemSetId: number) =>
  queryOptions({
    queryKey: annotateKeys.drafts(itemSetId),
    queryFn: async (): Promise<DraftMap> => {
      const drafts: DraftMap = {}
      for (const { itemId, data, is_done, client_updated_at } of await listDrafts(itemSetId)) {
        drafts[itemId] = { data, is_done, client_updated_at }
      }
      return drafts
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: NOT_PERSISTED,
  })

/**
 * The worker's view of a protocol. Offline, the copy kept with `itemSetId` (stored when the set
 * was opened) is used.
 */
export const workerProtocolQuery = (protocolId: number, itemSetId?: number) =>
  queryOptions({
    queryKey: annotateKeys.protocol(protocolId),
    queryFn: async ({ signal }) => {
      try {
        return await api(`endworker/protocols/${protocolId}/`, {
          schema: WorkerProtocolViewSchema,
          signal,
          handledStatuses: [404],
        })
      } catch (error) {
        const stored =
          unreachable(error) && itemSetId ? await readStoredItemSet(itemSetId) : undefined
        if (stored?.protocol?.id === protocolId) return stored.protocol
        throw error
      }
    },
  })

/** Marks the item set's protocol as read, in the cache and the device's copy. */
function markProtocolRead(view: WorkerItemSet, protocolId: number): WorkerItemSet {
  return view.protocol.id === protocolId
    ? { ...view, protocol: { ...view.protocol, read: true } }
    : view
}

/**
 * Confirms reading a protocol. Every copy that says it is unread is updated, so the protocol gate
 * lets the worker through at once, offline reloads included.
 */
export async function confirmProtocolRead(
  queryClient: QueryClient,
  protocolId: number,
  itemSetId?: number,
): Promise<void> {
  const result = await api(`endworker/protocols/${protocolId}/confirm/`, {
    method: 'POST',
    schema: ProtocolConfirmResultSchema,
  })
  queryClient.setQueryData(
    workerProtocolQuery(protocolId).queryKey,
    (protocol) => protocol && { ...protocol, read: true, read_timestamp: result.read_timestamp },
  )
  if (itemSetId !== undefined) {
    queryClient.setQueryData(
      itemSetQuery(itemSetId).queryKey,
      (view) => view && markProtocolRead(view, protocolId),
    )
    await patchStoredItemSet(itemSetId, (view) => markProtocolRead(view, protocolId))
  }
}
