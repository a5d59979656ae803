import type { TaskStatus } from '../../../contract/task-intake'
import { RUNTIME_CACHES } from '../../../sw/cache-names'
import type { StoredItemSet } from '../../offline/db'
import { removeObsoleteItemSets } from '../../offline/item-set-cleanup'
import { listItemSets } from '../../offline/item-sets'
import { itemSetOfMediaUrl } from './offline-files'
import { parseStoredItemSet } from './stored'

/**
 * Opening an item set puts a copy of it on the device (the set, the worker's drafts, the media
 * files of its items), so that it can be finished offline. Left alone, those copies would fill
 * the device over weeks; this is the rule that removes them.
 *
 * A copy goes once the set can take no more work AND nothing of the worker's waits in it:
 * - no more work: the server said its lock ended (`expired`), or the lock's end is more than
 *   LOCK_CLOCK_GRACE_MS past on the device's clock (device clocks drift), or its task finished or
 *   was archived, or the copy was written by an older app version that cannot read it any more;
 * - nothing waiting: no change to the set is queued in the outbox, and no rejected change of it
 *   is still listed for the worker to retry or discard, whichever account on the device made it.
 * A set still locked stays, even with every item done: the worker may still change its items,
 * until they finish it ('Finish set and take the next'): once the server confirms the finish, the
 * copy says its lock ended, and it goes at the next run (its finish waits behind its saves).
 *
 * Media files are removed for every set that has no copy on the device (the removed ones, and
 * any left over by a cleanup cut short). Protocol files stay: the sets of a task share them, and
 * the service worker expires them. Runs at start-up and after each sync pass (sync.ts).
 */

export const LOCK_CLOCK_GRACE_MS = 60 * 60_000

const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['FINISHED', 'ARCHIVED']

export function isCopyObsolete(record: StoredItemSet, now: number): boolean {
  const stored = parseStoredItemSet(record)
  if (!stored) return true
  const { view } = stored
  return (
    view.expired ||
    Date.parse(view.lock_expiration_timestamp) + LOCK_CLOCK_GRACE_MS < now ||
    CLOSED_TASK_STATUSES.includes(view.task.status)
  )
}

async function removeMediaWithoutCopy(): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(RUNTIME_CACHES.itemMedia))) return
  const cache = await caches.open(RUNTIME_CACHES.itemMedia)
  // Files are listed before the copies: a set's media is downloaded only once its copy is
  // stored, so a file listed here whose set has no copy afterwards has lost its set for good.
  const files = await cache.keys()
  const copies = new Set((await listItemSets()).map((copy) => copy.id))
  const orphans = files.filter((file) => {
    const itemSetId = itemSetOfMediaUrl(file.url)
    return itemSetId !== null && !copies.has(itemSetId)
  })
  await Promise.all(orphans.map((file) => cache.delete(file, { ignoreVary: true })))
}

/** Applies the rule now; answers the ids of the item sets removed. */
export async function cleanUpDeviceCopies(now = Date.now()): Promise<number[]> {
  const removed = await removeObsoleteItemSets(isCopyObsolete, now)
  await removeMediaWithoutCopy()
  return removed
}

let running: Promise<void> | undefined
let runAgain = false

/**
 * Runs the cleanup in the background, one run at a time: asked while one runs, it runs once more
 * after. A failure (storage trouble) is only logged, the next trigger tries again.
 */
export function scheduleCleanup(): Promise<void> {
  if (running) {
    runAgain = true
    return running
  }
  running = (async () => {
    do {
      runAgain = false
      await cleanUpDeviceCopies()
    } while (runAgain)
  })()
    .catch((error: unknown) => console.error('Cleaning the offline copies failed', error))
    .finally(() => {
      running = undefined
    })
  return running
}
