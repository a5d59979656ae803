import { type OutboxOp, offlineDb, type StoredItemSet, type StoreName } from './db'
import { deleteItemSetWithin } from './item-sets'
import { journalFolded } from './outbox'
import { itemSetOfOp } from './set-changes'

const CLEANUP_SCOPE: StoreName[] = ['outbox', 'rejections', 'itemSets', 'annotations', 'mediaKeys']

/** Whether a stored copy is of no more use; the feature that owns the copy's shape decides. */
export type ObsoleteCopyRule = (stored: StoredItemSet, now: number) => boolean

/**
 * The item sets that changes still to be sent, or rejected and not yet dealt with, belong to:
 * whoever made them, since another account on the device may sign in again. Null when some
 * change cannot tell (a kind not registered, a payload it cannot read): then every copy stays.
 */
function itemSetsWithChanges(ops: OutboxOp[]): Set<number> | null {
  const held = new Set<number>()
  for (const op of ops) {
    const itemSetId = itemSetOfOp(op)
    if (itemSetId === undefined) return null
    if (itemSetId !== null) held.add(itemSetId)
  }
  return held
}

/**
 * Deletes the copies of item sets (with their drafts) that `isObsolete` gives up, except those a
 * change in the outbox or a rejection still belongs to. The check and the deletion share one
 * transaction with the stores an enqueue writes, so a save made meanwhile either commits first
 * and keeps its set, or comes after and finds no copy (it is sent all the same: an op carries
 * everything it needs). Answers the ids of the sets deleted.
 */
export async function removeObsoleteItemSets(
  isObsolete: ObsoleteCopyRule,
  now = Date.now(),
): Promise<number[]> {
  // An op still in the journal holds its set too.
  await journalFolded()
  const db = await offlineDb()
  const tx = db.transaction(CLEANUP_SCOPE, 'readwrite')
  const [ops, rejections, stored] = await Promise.all([
    tx.objectStore('outbox').getAll(),
    tx.objectStore('rejections').getAll(),
    tx.objectStore('itemSets').getAll(),
  ])
  const held = itemSetsWithChanges([...ops, ...rejections.map((rejection) => rejection.op)])
  const removed = held
    ? stored.filter((copy) => !held.has(copy.id) && isObsolete(copy, now)).map((copy) => copy.id)
    : []
  for (const id of removed) await deleteItemSetWithin(tx, id)
  await tx.done
  return removed
}
