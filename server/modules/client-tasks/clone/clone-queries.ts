import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { selectRows } from '../../../db/raw-rows'
import { goldAnswers, items, mediaObjects, tasks } from '../../../db/schema'

export type MediaRow = typeof mediaObjects.$inferSelect

/** Media rows of the task that its item data references (values under a `uuid` key). */
export function referencedMedia(db: Db, taskId: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(mediaObjects)
    .where(
      and(
        eq(mediaObjects.taskId, taskId),
        sql`${mediaObjects.uuid}::text in (
              select jsonb_path_query(i.data, 'strict $.**.uuid') #>> '{}'
              from items i where i.task_id = ${taskId})`,
      ),
    )
}

export async function insertTask(db: Db, values: typeof tasks.$inferInsert): Promise<number> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id })
  if (!row) throw new Error('task insert returned nothing')
  return row.id
}

export async function insertMedia(db: Db, rows: (typeof mediaObjects.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(mediaObjects).values(rows)
}

/** Up to `limit` items after position `after`, in position order, gold ones with their answer. */
export function itemsToCopy(db: Db, taskId: number, after: number, limit: number) {
  return db
    .select({
      position: items.position,
      data: items.data,
      dataId: items.dataId,
      isGold: items.isGold,
      expected: goldAnswers.expected,
    })
    .from(items)
    .leftJoin(goldAnswers, eq(goldAnswers.itemId, items.id))
    .where(and(eq(items.taskId, taskId), gt(items.position, after)))
    .orderBy(asc(items.position))
    .limit(limit)
}

/** Inserts the items; answers their ids in the order given. */
export async function insertItems(db: Db, rows: (typeof items.$inferInsert)[]) {
  return db.insert(items).values(rows).returning({ id: items.id })
}

export async function insertGoldAnswers(
  db: Db,
  rows: { itemId: number; expected: Record<string, unknown> }[],
) {
  if (rows.length > 0) await db.insert(goldAnswers).values(rows)
}

/**
 * One fixed set per items_per_set ordinary items (gold items are in none), positions 0.., their
 * ids in position order.
 */
export async function insertFixedSets(
  tx: Db,
  sourceId: number,
  cloneId: number,
  itemsPerSet: number,
) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`insert into item_sets (task_id, is_fixed, position)
        select ${cloneId}, true, g
        from generate_series(0, (select ceil(count(*)::float8 / ${itemsPerSet})::int - 1
                                 from items where task_id = ${sourceId} and not is_gold)) g
        order by g
        returning id`,
  )
  // Identity values rise in insertion order, which follows the series.
  return rows.map((row) => row.id).sort((a, b) => a - b)
}
