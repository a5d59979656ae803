import type { Db } from '../../db/client'
import { findSetContext, type SetContext } from './annotation-queries'

/** How many sets' contexts a process keeps: those of the sets saved into most recently. */
const KEPT_SETS = 1_000

const keptByDatabase = new WeakMap<Db, Map<number, SetContext>>()

/**
 * The context of a handed-out set (findSetContext), kept in memory from the first save into the
 * set on: it never changes while the set exists, so the saves after need no read of it. Saves
 * still check everything that can change (lock, task status, the item still in the set) in
 * their own statement.
 */
export async function setContext(db: Db, itemSetId: number): Promise<SetContext | undefined> {
  let kept = keptByDatabase.get(db)
  if (!kept) {
    kept = new Map()
    keptByDatabase.set(db, kept)
  }
  const known = kept.get(itemSetId)
  if (known) {
    // Map order is insertion order: moving the set to the end keeps the most recent last.
    kept.delete(itemSetId)
    kept.set(itemSetId, known)
    return known
  }
  const context = await findSetContext(db, itemSetId)
  if (!context) return undefined
  kept.set(itemSetId, context)
  if (kept.size > KEPT_SETS) {
    const [oldest] = kept.keys()
    if (oldest !== undefined) kept.delete(oldest)
  }
  return context
}
