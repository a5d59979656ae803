import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { itemSetItems, itemSets, items } from '../../db/schema'
import { itemIsWorkers, itemNeedsAnnotations } from './eligibility'

/** Advisory lock class of claims; the key is the worker's id. */
const CLAIM_LOCK_CLASS = 4_001

/**
 * Serializes one worker's claims until the transaction ends, so a double click never opens two
 * sets. Claims of different workers do not wait for each other here.
 */
export async function lockWorkerClaims(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}::int, ${userId}::int)`)
}

export async function findOpenItemSet(db: Db, userId: number, taskId: number) {
  const [row] = await db
    .select({ id: itemSets.id })
    .from(itemSets)
    .where(
      and(
        eq(itemSets.taskId, taskId),
        eq(itemSets.userId, userId),
        gt(itemSets.lockExpiration, sql`now()`),
      ),
    )
    .orderBy(desc(itemSets.id))
    .limit(1)
  return row
}

export async function insertItemSet(
  db: Db,
  set: { taskId: number; userId: number; lockMinutes: number },
): Promise<number> {
  const [row] = await db
    .insert(itemSets)
    .values({
      taskId: set.taskId,
      userId: set.userId,
      lockExpiration: sql`now() + make_interval(mins => ${set.lockMinutes}::int)`,
    })
    .returning({ id: itemSets.id })
  if (!row) throw new Error('item set insert returned nothing')
  return row.id
}

export async function setItemSetPosition(db: Db, itemSetId: number, position: number) {
  await db.update(itemSets).set({ position }).where(eq(itemSets.id, itemSetId))
}

export type Candidates = {
  taskId: number
  userId: number
  annotationsPerItem: number
}

export type LockOptions = {
  /** Ids this claim tried already, left out. */
  exclude: number[]
  /** Whether to pass over rows another transaction has locked, or wait for them. */
  skipLocked: boolean
}

/**
 * Locks items that need annotations and are not the worker's, in task order. Every claim locks
 * an item before giving it a slot, so with the lock held a fresh statement counts its slots
 * exactly. Annotation saves hold their item too (FOR SHARE), so a slot that becomes done at the
 * moment its lock expires is counted.
 */
export async function lockCandidateItems(
  db: Db,
  candidates: Candidates,
  options: LockOptions & { limit: number | null; fixedSetId?: number },
): Promise<number[]> {
  const query = db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.taskId, candidates.taskId),
        options.fixedSetId === undefined ? undefined : eq(items.itemSetId, options.fixedSetId),
        options.exclude.length > 0 ? notInArray(items.id, options.exclude) : undefined,
        itemNeedsAnnotations(candidates.annotationsPerItem),
        sql`not ${itemIsWorkers(candidates.userId)}`,
      ),
    )
    .orderBy(asc(items.position))
    .$dynamic()
  if (options.limit !== null) query.limit(options.limit)
  const rows = await query.for(
    'update',
    options.skipLocked ? { of: items, skipLocked: true } : { of: items },
  )
  return rows.map((row) => row.id)
}

/**
 * Gives the set a slot of each of the (locked) items that still needs annotations, counted by
 * this new statement, which sees every claim committed before the locks were taken.
 */
export async function insertSlots(
  db: Db,
  itemSetId: number,
  itemIds: number[],
  annotationsPerItem: number,
): Promise<number> {
  if (itemIds.length === 0) return 0
  const inserted = await db
    .insert(itemSetItems)
    .select(
      db
        .select({
          itemSetId: sql<number>`${itemSetId}::int`.as('item_set_id'),
          itemId: items.id,
          position: items.position,
        })
        .from(items)
        .where(and(inArray(items.id, itemIds), itemNeedsAnnotations(annotationsPerItem))),
    )
    .returning({ itemId: itemSetItems.itemId })
  return inserted.length
}

/**
 * Locks the next fixed set of the task (upload order) that has an item needing annotations and
 * not the worker's. The lock keeps two claims from splitting one fixed set.
 */
export async function lockCandidateFixedSet(db: Db, candidates: Candidates, options: LockOptions) {
  const fixedSetItemNeeded = db
    .select({ one: sql`1` })
    .from(items)
    .where(
      and(
        eq(items.itemSetId, itemSets.id),
        itemNeedsAnnotations(candidates.annotationsPerItem),
        sql`not ${itemIsWorkers(candidates.userId)}`,
      ),
    )
  const [row] = await db
    .select({ id: itemSets.id, position: itemSets.position })
    .from(itemSets)
    .where(
      and(
        eq(itemSets.taskId, candidates.taskId),
        eq(itemSets.isFixed, true),
        options.exclude.length > 0 ? notInArray(itemSets.id, options.exclude) : undefined,
        sql`exists ${fixedSetItemNeeded}`,
      ),
    )
    .orderBy(asc(itemSets.position), asc(itemSets.id))
    .limit(1)
    .for('update', options.skipLocked ? { of: itemSets, skipLocked: true } : { of: itemSets })
  return row
}
