import * as v from 'valibot'
import { IdSchema } from '../../../contract/common'
import {
  type WorkerItemSet,
  WorkerItemSetSchema,
  type WorkerProtocolView,
  WorkerProtocolViewSchema,
} from '../../../contract/worker'
import { getItemSet, putItemSet } from '../../offline/item-sets'

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
export async function readStoredItemSet(id: number): Promise<StoredWorkerItemSet | undefined> {
  const parsed = v.safeParse(StoredWorkerItemSetSchema, await getItemSet(id))
  return parsed.success ? parsed.output : undefined
}

let writes: Promise<unknown> = Promise.resolve()

/** Read-modify-write of the copy, one after another in this tab, so no update overwrites another. */
function updateStored(
  id: number,
  update: (stored: StoredWorkerItemSet | undefined) => StoredWorkerItemSet | undefined,
): Promise<void> {
  const next = writes.then(async () => {
    const record = update(await readStoredItemSet(id))
    if (record) await putItemSet(record)
  })
  writes = next.catch(() => undefined)
  return next
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
