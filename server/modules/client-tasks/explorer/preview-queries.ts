import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { itemSets, items, taskSchemas, taskTypes } from '../../../db/schema'

export async function previewSettings(db: Db, task: { schemaId: number; taskTypeId: number }) {
  const [schema] = await db
    .select({ document: taskSchemas.schema })
    .from(taskSchemas)
    .where(eq(taskSchemas.id, task.schemaId))
  const [type] = await db
    .select({ lockMinutes: taskTypes.customItemsetLockTime })
    .from(taskTypes)
    .where(eq(taskTypes.id, task.taskTypeId))
  if (!schema || !type) throw new Error(`task definitions missing for schema ${task.schemaId}`)
  return { schema: schema.document, lockMinutes: type.lockMinutes }
}

const itemColumns = { id: items.id, data: items.data }

/** The items of the task's `index`-th fixed set, and whether a next set exists. */
export async function fixedSetItems(db: Db, taskId: number, index: number) {
  const sets = await db
    .select({ id: itemSets.id })
    .from(itemSets)
    .where(and(eq(itemSets.taskId, taskId), eq(itemSets.isFixed, true)))
    .orderBy(asc(itemSets.position), asc(itemSets.id))
    .limit(2)
    .offset(index)
  const [set, next] = sets
  const rows = set
    ? await db
        .select(itemColumns)
        .from(items)
        .where(eq(items.itemSetId, set.id))
        .orderBy(asc(items.position))
    : []
  return { rows, hasNext: next !== undefined }
}

/** `count` items from item offset `offset`, and whether more follow. */
export async function itemsFrom(db: Db, taskId: number, offset: number, count: number) {
  const rows = await db
    .select(itemColumns)
    .from(items)
    .where(eq(items.taskId, taskId))
    .orderBy(asc(items.position))
    .limit(count + 1)
    .offset(offset)
  return { rows: rows.slice(0, count), hasNext: rows.length > count }
}
