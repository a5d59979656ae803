import type { IDBPTransaction } from 'idb'
import * as v from 'valibot'
import {
  type ReviewedItem,
  type ReviewedItemList,
  ReviewedItemSchema,
} from '../../../contract/review'
import { type OfflineSchema, offlineDb, type StoreName } from '../../offline/db'
import { signedInUser } from '../../offline/engine'

/**
 * Review lists kept in IndexedDB: the reviewer's batch (graded offline too) and their reviewed
 * items. Each item has one copy on the device, which the outbox replaces by the server's answer
 * in the transaction that confirms a save (offline/operations/review-save.ts); a list fetched
 * before that confirmation never replaces it. So what a card shows after a reload is the newest
 * of its draft and the confirmed grade, and an edit never starts from an older copy.
 */

/** Lists older than this are dropped: their locks have long expired. */
export const REVIEW_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000

const LIST_SCOPE: StoreName[] = ['reviewLists', 'reviewItems']
type ListTx = IDBPTransaction<OfflineSchema, StoreName[], 'readwrite'>

const listKey = (owner: string, queryKey: readonly unknown[]) =>
  `${owner}|${JSON.stringify(queryKey)}`

function parseCopy(copy: { item: unknown } | undefined): ReviewedItem | undefined {
  const parsed = v.safeParse(ReviewedItemSchema, copy?.item)
  return parsed.success ? parsed.output : undefined
}

/**
 * The signed-in reviewer's list kept under `queryKey`, with each item's copy; undefined when
 * none is kept, it is too old, or a copy is missing or no longer readable (an older app's).
 */
export async function readStoredReviewList(
  queryKey: readonly unknown[],
  now = Date.now(),
): Promise<ReviewedItemList | undefined> {
  const owner = signedInUser()
  if (owner === null) return undefined
  const tx = (await offlineDb()).transaction(LIST_SCOPE)
  const list = await tx.objectStore('reviewLists').get(listKey(owner, queryKey))
  if (!list || list.storedAt < now - REVIEW_LIST_MAX_AGE_MS) return undefined
  const copies = await Promise.all(list.itemIds.map((id) => tx.objectStore('reviewItems').get(id)))
  const results = copies.map(parseCopy)
  if (results.some((item) => item === undefined)) return undefined
  return { count: list.count, next: null, previous: null, results: results as ReviewedItem[] }
}

/**
 * Keeps a list the server answered to a request sent at `requestedAt`, and answers it with each
 * item as the device knows it newest: a copy confirmed after the request left stays, the
 * others take the server's value. Lists past their age, and copies no list holds, go.
 */
export async function storeReviewList(
  queryKey: readonly unknown[],
  list: ReviewedItemList,
  requestedAt: number,
  now = Date.now(),
): Promise<ReviewedItemList> {
  const owner = signedInUser()
  if (owner === null) return list
  const tx = (await offlineDb()).transaction(LIST_SCOPE, 'readwrite')
  const copies = tx.objectStore('reviewItems')
  const results: ReviewedItem[] = []
  for (const item of list.results) {
    const copy = await copies.get(item.id)
    const newer = copy && copy.storedAt > requestedAt ? parseCopy(copy) : undefined
    if (!newer) await copies.put({ id: item.id, item, storedAt: requestedAt })
    results.push(newer ?? item)
  }
  await tx.objectStore('reviewLists').put({
    key: listKey(owner, queryKey),
    itemIds: results.map((item) => item.id),
    count: list.count,
    storedAt: now,
  })
  await dropOldCopies(tx, now)
  await tx.done
  return { ...list, results }
}

async function dropOldCopies(tx: ListTx, now: number) {
  const kept = new Set<number>()
  for await (const cursor of tx.objectStore('reviewLists').iterate()) {
    if (cursor.value.storedAt < now - REVIEW_LIST_MAX_AGE_MS) await cursor.delete()
    else for (const id of cursor.value.itemIds) kept.add(id)
  }
  for await (const cursor of tx.objectStore('reviewItems').iterate()) {
    if (!kept.has(cursor.value.id)) await cursor.delete()
  }
}
