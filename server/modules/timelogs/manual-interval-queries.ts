import { asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { itemSets, taskProtocols, tasks, timeLogIntervals, timelogTypes } from '../../db/schema'

export function insertManualInterval(db: Db, row: typeof timeLogIntervals.$inferInsert) {
  return db.insert(timeLogIntervals).values(row).returning({ id: timeLogIntervals.id })
}

export function listTimelogTypes(db: Db) {
  return db
    .select({
      id: timelogTypes.id,
      name: timelogTypes.name,
      is_bonus_break: timelogTypes.isBonusBreak,
    })
    .from(timelogTypes)
    .orderBy(asc(timelogTypes.name), asc(timelogTypes.id))
}

export async function findTimelogType(db: Db, id: number) {
  const [row] = await db.select().from(timelogTypes).where(eq(timelogTypes.id, id))
  return row
}

/**
 * What the user may log time against: the item sets handed to them, their tasks and the tasks'
 * protocols. Newest item sets first, at most `limit`.
 */
export async function loggableContext(db: Db, userId: number, limit: number) {
  const sets = await db
    .select({
      id: itemSets.id,
      taskId: itemSets.taskId,
      position: itemSets.position,
      description: tasks.description,
      protocolId: tasks.protocolId,
      protocolName: taskProtocols.name,
    })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(taskProtocols, eq(taskProtocols.id, tasks.protocolId))
    .where(eq(itemSets.userId, userId))
    .orderBy(desc(itemSets.createdAt), desc(itemSets.id))
    .limit(limit)
  return sets
}

/** Whether the user was handed the item set / worked on the task / read the protocol. */
export async function ownsContext(
  db: Db,
  userId: number,
  ref: { itemSetId: number | null; taskId: number | null; protocolId: number | null },
) {
  const problems: string[] = []
  const conditions: [string, SQL][] = []
  if (ref.itemSetId !== null)
    conditions.push([
      'item_set',
      sql`exists (select 1 from item_sets s where s.id = ${ref.itemSetId} and s.user_id = ${userId})`,
    ])
  if (ref.taskId !== null)
    conditions.push([
      'task',
      sql`exists (select 1 from item_sets s where s.task_id = ${ref.taskId} and s.user_id = ${userId})`,
    ])
  if (ref.protocolId !== null)
    conditions.push([
      'protocol',
      sql`exists (select 1 from item_sets s join tasks t on t.id = s.task_id
                  where t.protocol_id = ${ref.protocolId} and s.user_id = ${userId})`,
    ])
  for (const [field, condition] of conditions) {
    const [row] = await selectRows<{ ok: boolean }>(db, sql`select ${condition} as ok`)
    if (!row?.ok) problems.push(field)
  }
  return problems
}
