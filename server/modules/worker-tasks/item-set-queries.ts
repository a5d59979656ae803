import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  annotations,
  itemSetItems,
  itemSets,
  items,
  languages,
  protocolReads,
  taskProtocols,
  tasks,
} from '../../db/schema'

const baseLanguage = alias(languages, 'base_language')
const targetLanguage = alias(languages, 'target_language')

/** A handed-out set of the worker's, with its task; undefined when it is not theirs. */
export async function findOwnItemSet(db: Db, userId: number, itemSetId: number) {
  const [row] = await db
    .select({
      id: itemSets.id,
      taskId: itemSets.taskId,
      lockExpiration: itemSets.lockExpiration,
      locked: sql<boolean>`coalesce(${itemSets.lockExpiration} > now(), false)`,
      task: {
        id: tasks.id,
        description: tasks.description,
        status: tasks.status,
        schemaId: tasks.schemaId,
        protocolId: tasks.protocolId,
        encryptAudio: tasks.encryptAudio,
      },
      baseLanguage: { id: baseLanguage.id, code: baseLanguage.code, name: baseLanguage.name },
      targetLanguage: {
        id: targetLanguage.id,
        code: targetLanguage.code,
        name: targetLanguage.name,
      },
    })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(baseLanguage, eq(baseLanguage.id, tasks.baseLanguageId))
    .innerJoin(targetLanguage, eq(targetLanguage.id, tasks.targetLanguageId))
    .where(and(eq(itemSets.id, itemSetId), eq(itemSets.userId, userId)))
  return row
}

export type OwnItemSet = NonNullable<Awaited<ReturnType<typeof findOwnItemSet>>>

export async function protocolWithRead(db: Db, userId: number, protocolId: number) {
  const [row] = await db
    .select({
      id: taskProtocols.id,
      name: taskProtocols.name,
      version: taskProtocols.version,
      servingType: taskProtocols.servingType,
      readAt: protocolReads.readAt,
    })
    .from(taskProtocols)
    .leftJoin(
      protocolReads,
      and(eq(protocolReads.protocolId, taskProtocols.id), eq(protocolReads.userId, userId)),
    )
    .where(eq(taskProtocols.id, protocolId))
  if (!row) throw new Error(`task protocol ${protocolId} is missing`)
  return row
}

const itemWithAnnotation = {
  id: items.id,
  taskId: items.taskId,
  data: items.data,
  annotation: {
    id: annotations.id,
    data: annotations.data,
    isDone: annotations.isDone,
    isValidating: annotations.isValidating,
    errors: annotations.errors,
    warnings: annotations.warnings,
    info: annotations.info,
    clientUpdatedAt: annotations.clientUpdatedAt,
  },
}

/** The items of a set whose lock holds: its slots in order, with the set's annotations. */
export async function slotItems(db: Db, itemSetId: number) {
  return db
    .select(itemWithAnnotation)
    .from(itemSetItems)
    .innerJoin(items, eq(items.id, itemSetItems.itemId))
    .leftJoin(
      annotations,
      and(eq(annotations.itemSetId, itemSetItems.itemSetId), eq(annotations.itemId, items.id)),
    )
    .where(eq(itemSetItems.itemSetId, itemSetId))
    .orderBy(asc(itemSetItems.position), asc(itemSetItems.itemId))
}

/**
 * The items of a set whose lock ended: those with a done annotation in it, in the order of its
 * slots (as slotItems lists them, so gold items keep the place they were given).
 */
export async function doneItems(db: Db, itemSetId: number) {
  return db
    .select(itemWithAnnotation)
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .innerJoin(
      itemSetItems,
      and(
        eq(itemSetItems.itemSetId, annotations.itemSetId),
        eq(itemSetItems.itemId, annotations.itemId),
      ),
    )
    .where(and(eq(annotations.itemSetId, itemSetId), eq(annotations.isDone, true)))
    .orderBy(asc(itemSetItems.position), asc(itemSetItems.itemId))
}

export type SetItemRow = Awaited<ReturnType<typeof slotItems>>[number]

/** The data of an item in the set. */
export async function findSetItem(db: Db, itemSetId: number, itemId: number) {
  const [row] = await db
    .select({ data: items.data })
    .from(itemSetItems)
    .innerJoin(items, eq(items.id, itemSetItems.itemId))
    .where(and(eq(itemSetItems.itemSetId, itemSetId), eq(itemSetItems.itemId, itemId)))
  return row
}

/**
 * The worker's set for finishing it, its row locked until the transaction ends (so two finishes
 * of one set run one after the other); undefined when it is not theirs.
 */
export async function lockOwnItemSet(db: Db, userId: number, itemSetId: number) {
  const [row] = await db
    .select({
      id: itemSets.id,
      taskId: itemSets.taskId,
      lockExpiration: itemSets.lockExpiration,
      createdAt: itemSets.createdAt,
      locked: sql<boolean>`coalesce(${itemSets.lockExpiration} > now(), false)`,
    })
    .from(itemSets)
    .where(and(eq(itemSets.id, itemSetId), eq(itemSets.userId, userId)))
    .for('update')
  return row
}

/** How many of the set's items have a done annotation in it, and how many do not. */
export async function setItemCounts(db: Db, itemSetId: number) {
  const [row] = await db
    .select({
      done: sql<number>`count(*) filter (where ${annotations.isDone})::int`,
      notDone: sql<number>`count(*) filter (where ${annotations.isDone} is not true)::int`,
    })
    .from(itemSetItems)
    .leftJoin(
      annotations,
      and(
        eq(annotations.itemSetId, itemSetItems.itemSetId),
        eq(annotations.itemId, itemSetItems.itemId),
      ),
    )
    .where(eq(itemSetItems.itemSetId, itemSetId))
  return { done: row?.done ?? 0, notDone: row?.notDone ?? 0 }
}
