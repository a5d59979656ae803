import { and, asc, desc, eq, gt, gte, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { itemSetItems, itemSets, items, tasks, taskTypes } from '../../db/schema'
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
  /** Items before this task position are left out (0: none). */
  fromPosition: number
}

/**
 * The task's first open position, moved past the items that got all their done annotations
 * since a claim last looked. The items' kept done counts (items_task_done_position_idx) give the
 * first item lacking some with one index probe per count short of annotations_per_item, however
 * many done items lie between.
 * The end of the task when every item has them. The moved position is stored unless another
 * transaction holds the task row or changed the position meanwhile (the next claim stores it
 * then): what reopens items moves it down (reopenItem, reopenSetItems). Run it outside the
 * claim's transaction, so that a refused claim keeps what it learned. Gold items never hold it
 * back: any number of workers may answer them.
 */
export async function advanceFirstOpenPosition(db: Db, taskId: number): Promise<number> {
  const result = (await db.execute(sql`
    with stored as (
      select t.first_open_position as position, tt.annotations_per_item as per_item
      from ${tasks} t join ${taskTypes} tt on tt.id = t.task_type_id
      where t.id = ${taskId}
    ),
    next as (
      select coalesce(
        (select min(lacking.position)
         from generate_series(0, (select per_item from stored) - 1) as done(count)
         cross join lateral (
           select ${items.position} from ${items}
           where ${items.taskId} = ${taskId} and ${items.doneAnnotations} = done.count
             and ${items.position} >= (select position from stored) and not ${items.isGold}
           order by ${items.position} limit 1) lacking),
        (select coalesce(max(${items.position}) + 1, 0) from ${items}
         where ${items.taskId} = ${taskId})
      ) as position
    ),
    moved as (
      update ${tasks} set first_open_position = (select position from next)
      where id = (
        select id from ${tasks}
        where id = ${taskId} and first_open_position = (select position from stored)
          and first_open_position < (select position from next)
        for no key update skip locked)
    )
    select position from next`)) as unknown as { rows: { position: number }[] }
  return result.rows[0]?.position ?? 0
}

/** Moves the task's first open position down to `position` (an SQL value) when it is above. */
async function lowerFirstOpenPosition(db: Db, taskId: number, position: SQL) {
  await lowerFirstOpenPositions(db, eq(tasks.id, taskId), position)
}

async function lowerFirstOpenPositions(db: Db, which: SQL, position: SQL) {
  await db
    .update(tasks)
    .set({ firstOpenPosition: position })
    .where(and(which, gt(tasks.firstOpenPosition, position)))
}

/**
 * The items of the task type's tasks may lack done annotations again, all of them: the type now
 * asks for more per item. Claims search each task from its first item again.
 */
export async function reopenTasksOfType(db: Db, taskTypeId: number) {
  await lowerFirstOpenPositions(db, eq(tasks.taskTypeId, taskTypeId), sql`0`)
}

/** The item lacks a done annotation again: a save took it back. */
export async function reopenItem(db: Db, taskId: number, itemId: number) {
  await lowerFirstOpenPosition(
    db,
    taskId,
    sql`(select ${items.position} from ${items} where ${items.id} = ${itemId})`,
  )
}

/**
 * The set may hold items from before the task's first open position, found by the search from
 * the start of the task (something reopened them): the position moves down to the first.
 */
export async function reopenSetItems(db: Db, taskId: number, itemSetId: number) {
  await lowerFirstOpenPosition(
    db,
    taskId,
    sql`(select min(${itemSetItems.position}) from ${itemSetItems}
         where ${itemSetItems.itemSetId} = ${itemSetId})`,
  )
}

/**
 * Locks items that need annotations and are not the worker's, in task order; in dynamic sets
 * gold items are left to gold mixing (quality/gold-mixing.ts). Every claim locks
 * an item before giving it a slot, so with the lock held a fresh statement counts its slots
 * exactly. A save that makes an annotation done holds its item too (FOR NO KEY UPDATE), so a slot that
 * becomes done at the moment its lock expires is counted.
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
        options.fixedSetId === undefined
          ? eq(items.isGold, false)
          : eq(items.itemSetId, options.fixedSetId),
        options.fromPosition > 0 ? gte(items.position, options.fromPosition) : undefined,
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
 * not the worker's. The lock keeps two claims from splitting one fixed set. Fixed sets hold
 * consecutive items in upload order, so those before the set of the item at `fromPosition` are
 * left out (none when no item is there).
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
        options.fromPosition > 0
          ? sql`${itemSets.position} >= (
              select fs.position from ${items} i join ${itemSets} fs on fs.id = i.item_set_id
              where i.task_id = ${candidates.taskId} and i.position = ${options.fromPosition})`
          : undefined,
        options.exclude.length > 0 ? notInArray(itemSets.id, options.exclude) : undefined,
        sql`exists ${fixedSetItemNeeded}`,
      ),
    )
    .orderBy(asc(itemSets.position), asc(itemSets.id))
    .limit(1)
    .for('update', options.skipLocked ? { of: itemSets, skipLocked: true } : { of: itemSets })
  return row
}
