import * as v from 'valibot'
import { IdSchema } from '../../../contract/common'
import {
  type WorkerItemSet,
  WorkerItemSetSchema,
  type WorkerProtocolView,
  WorkerProtocolViewSchema,
} from '../../../contract/worker'
import { getItemSet, updateItemSet } from '../../offline/item-sets'

/**
 * The copy of an item set kept in IndexedDB for offline work: the server's view of it and its
 * protocol. Local edits live beside it as drafts (src/offline/item-sets.ts).
 */
const StoredWorkerItemSetSchema = v.object({
  id: IdSchema,
  view: WorkerItemSetSchema,
  protocol: v.nullable(WorkerProtocolViewSchema),
})
export type StoredWorkerItemSet = v.InferOutput<typeof StoredWorkerItemSetSchema>

/** A copy written by an older app version that no longer parses counts as absent. */
export function parseStoredItemSet(record: unknown): StoredWorkerItemSet | undefined {
  const parsed = v.safeParse(StoredWorkerItemSetSchema, record)
  return parsed.success ? parsed.output : undefined
}

export async function readStoredItemSet(id: number): Promise<StoredWorkerItemSet | undefined> {
  return parseStoredItemSet(await getItemSet(id))
}

/** Read-modify-write of the copy in one transaction, so no update overwrites another. */
function updateStored(
  id: number,
  update: (stored: StoredWorkerItemSet | undefined) => StoredWorkerItemSet | undefined,
): Promise<void> {
  return updateItemSet(id, (record) => update(parseStoredItemSet(record)))
}

/** Keeps the server's latest view; the protocol copy stays while the set keeps that protocol. */
export function storeItemSetView(view: WorkerItemSet): Promise<void> {
  return updateStored(view.id, (stored) => ({
    id: view.id,
    view,
    protocol: stored?.protocol?.id === view.protocol.id ? stored.protocol : null,
  }))
}

export function storeItemSetProtocol(itemSetId: number, protocol: WorkerProtocolView) {
  return updateStored(itemSetId, (stored) => stored && { ...stored, protocol })
}

export function patchStoredItemSet(id: number, patch: (view: WorkerItemSet) => WorkerItemSet) {
  return updateStored(id, (stored) => stored && { ...stored, view: patch(stored.view) })
}
