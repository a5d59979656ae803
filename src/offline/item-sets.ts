import type { IDBPTransaction } from 'idb'
import {
  type AnnotationDraft,
  draftKey,
  type OfflineSchema,
  type OutboxOp,
  offlineDb,
  type StoredItemSet,
  type StoreName,
} from './db'
import { deleteMediaKeysWithin } from './media-keys'
import { ANNOTATION_SAVE, type AnnotationSavePayload } from './operations/annotation-save'
import { enqueue, journalFolded } from './outbox'

/** Item sets kept for offline work, and the local copy of their annotations. */

/** The caller owns the shape: parse it if it may come from an older app version. */
export async function getItemSet<T extends StoredItemSet = StoredItemSet>(
  id: number,
): Promise<T | undefined> {
  return (await (await offlineDb()).get('itemSets', id)) as T | undefined
}

export async function putItemSet(itemSet: StoredItemSet): Promise<void> {
  await (await offlineDb()).put('itemSets', itemSet)
}

/**
 * Replaces the item set's copy by what `update` makes of it (undefined: leave it as it is). Read
 * and write share one transaction, so no other write (another tab's, a cleanup) comes between.
 */
export async function updateItemSet<T extends StoredItemSet = StoredItemSet>(
  id: number,
  update: (stored: T | undefined) => T | undefined,
): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction('itemSets', 'readwrite')
  const next = update((await tx.store.get(id)) as T | undefined)
  if (next) await tx.store.put(next)
  await tx.done
}

export async function listItemSets(): Promise<StoredItemSet[]> {
  return (await offlineDb()).getAll('itemSets')
}

const ITEM_SET_SCOPE: StoreName[] = ['itemSets', 'annotations', 'mediaKeys']

/**
 * Forgets the item set with its drafts and its audio keys (finished, or its lock gone). Queued
 * saves stay queued.
 */
export async function deleteItemSet(id: number): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction(ITEM_SET_SCOPE, 'readwrite')
  await deleteItemSetWithin(tx, id)
  await tx.done
}

/** `deleteItemSet` as part of the caller's transaction, which must cover ITEM_SET_SCOPE. */
export async function deleteItemSetWithin(
  tx: IDBPTransaction<OfflineSchema, StoreName[], 'readwrite'>,
  id: number,
): Promise<void> {
  await tx.objectStore('itemSets').delete(id)
  for await (const cursor of tx.objectStore('annotations').index('by-item-set').iterate(id)) {
    await cursor.delete()
  }
  await deleteMediaKeysWithin(tx, id)
}

export async function getDraft(
  itemSetId: number,
  itemId: number,
): Promise<AnnotationDraft | undefined> {
  await journalFolded()
  return (await offlineDb()).get('annotations', draftKey(itemSetId, itemId))
}

/** After the journal is folded, so a reload shows the edit typed just before it. */
export async function listDrafts(itemSetId: number): Promise<AnnotationDraft[]> {
  await journalFolded()
  return (await offlineDb()).getAllFromIndex('annotations', 'by-item-set', itemSetId)
}

export async function putDraft(draft: Omit<AnnotationDraft, 'key'>): Promise<void> {
  const key = draftKey(draft.itemSetId, draft.itemId)
  await (await offlineDb()).put('annotations', { ...draft, key })
}

export async function deleteDraft(itemSetId: number, itemId: number): Promise<void> {
  await (await offlineDb()).delete('annotations', draftKey(itemSetId, itemId))
}

let lastStamp = 0

/** Strictly increasing, so that of two saves within one millisecond the later still wins. */
export function nextClientTimestamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return new Date(lastStamp).toISOString()
}

/**
 * Saves an annotation: journaled at once, then the local draft and the queued save commit
 * together, so a reload never shows a change the server will not get, nor the reverse.
 * `sendAfterMs` debounces the send only (typing).
 */
export function saveAnnotation(
  change: Omit<AnnotationSavePayload, 'client_updated_at'> &
    Partial<Pick<AnnotationSavePayload, 'client_updated_at'>>,
  { sendAfterMs = 0 } = {},
): Promise<OutboxOp> {
  const payload = {
    ...change,
    client_updated_at: change.client_updated_at ?? nextClientTimestamp(),
  }
  return enqueue(ANNOTATION_SAVE, payload, { sendAfterMs })
}
