import { and, asc, count, desc, eq, inArray, isNull, lt, max, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { taskProtocols, taskSchemas, tasks, taskTypes } from '../../db/schema'

/**
 * Schemas and protocols are versioned the same way; these queries serve both. `key` is the column
 * by which task types and tasks point at a version (`schemaId` or `protocolId`).
 */
export type VersionedKind =
  | { what: 'schema'; table: typeof taskSchemas; key: 'schemaId' }
  | { what: 'protocol'; table: typeof taskProtocols; key: 'protocolId' }

export const SCHEMA_KIND: VersionedKind = { what: 'schema', table: taskSchemas, key: 'schemaId' }
export const PROTOCOL_KIND: VersionedKind = {
  what: 'protocol',
  table: taskProtocols,
  key: 'protocolId',
}

export type VersionHead = {
  id: number
  lineageId: string
  version: number
  name: string
  clientGroupId: number
  nextVersionId: number | null
}

const headColumns = ({ table }: VersionedKind) => ({
  id: table.id,
  lineageId: table.lineageId,
  version: table.version,
  name: table.name,
  clientGroupId: table.clientGroupId,
  nextVersionId: table.nextVersionId,
})

/**
 * `column` points at a version of the same lineage as version `id`. A filter by a schema or
 * protocol means the whole chain: the versions share one name and purpose, edits only add
 * versions, and tasks keep the version they were made with, so matching `id` alone would miss
 * the tasks made before or after an edit. An id that names no version matches nothing.
 */
export function inLineageOf(kind: VersionedKind, column: AnyPgColumn, id: number): SQL {
  const { table } = kind
  return sql`${column} in (
    select ${table.id} from ${table}
    where ${table.lineageId} = (select ${table.lineageId} from ${table} where ${table.id} = ${id}))`
}

export async function findVersionHead(db: Db, kind: VersionedKind, id: number) {
  const [row] = await db
    .select(headColumns(kind))
    .from(kind.table)
    .where(eq(kind.table.id, id))
    .limit(1)
  return row
}

/** The newest version of a lineage: the one nothing replaced. */
export async function latestVersionHead(db: Db, kind: VersionedKind, lineageId: string) {
  const [row] = await db
    .select(headColumns(kind))
    .from(kind.table)
    .where(and(eq(kind.table.lineageId, lineageId), isNull(kind.table.nextVersionId)))
    .orderBy(desc(kind.table.version))
    .limit(1)
  return row
}

export async function previousVersionIds(db: Db, kind: VersionedKind, head: VersionHead) {
  const rows = await db
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(and(eq(kind.table.lineageId, head.lineageId), lt(kind.table.version, head.version)))
    .orderBy(desc(kind.table.version))
  return rows.map((row) => row.id)
}

/** The version this one replaced, if it still exists. */
export async function predecessorOf(db: Db, kind: VersionedKind, id: number) {
  const [row] = await db
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(eq(kind.table.nextVersionId, id))
    .limit(1)
  return row?.id ?? null
}

export async function nextVersionNumber(db: Db, kind: VersionedKind, lineageId: string) {
  const [row] = await db
    .select({ value: max(kind.table.version) })
    .from(kind.table)
    .where(eq(kind.table.lineageId, lineageId))
  return (row?.value ?? 0) + 1
}

/** Newest versions only, narrowed by `where`; ids in `order`, one page of them. */
export async function pageOfLatestIds(
  db: Db,
  kind: VersionedKind,
  where: (SQL | undefined)[],
  order: SQL[],
  page: { offset: number; limit: number },
) {
  const condition = and(isNull(kind.table.nextVersionId), ...where)
  const [total] = await db.select({ value: count() }).from(kind.table).where(condition)
  const rows = await db
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(condition)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, ids: rows.map((row) => row.id) }
}

export function latestRefs(db: Db, kind: VersionedKind, where: (SQL | undefined)[], order: SQL[]) {
  return db
    .select({ id: kind.table.id, name: kind.table.name, version: kind.table.version })
    .from(kind.table)
    .where(and(isNull(kind.table.nextVersionId), ...where))
    .orderBy(...order)
}

/** The task types and tasks that use each of these versions. */
export async function usageOf(db: Db, kind: VersionedKind, ids: number[]) {
  const typeRows = ids.length
    ? await db
        .select({ owner: taskTypes[kind.key], id: taskTypes.id, name: taskTypes.name })
        .from(taskTypes)
        .where(inArray(taskTypes[kind.key], ids))
        .orderBy(asc(taskTypes.name), asc(taskTypes.id))
    : []
  const taskRows = ids.length
    ? await db
        .select({ owner: tasks[kind.key], id: tasks.id, description: tasks.description })
        .from(tasks)
        .where(inArray(tasks[kind.key], ids))
        .orderBy(asc(tasks.id))
    : []
  return {
    taskTypes: (id: number) =>
      typeRows.filter((row) => row.owner === id).map(({ id, name }) => ({ id, name })),
    tasks: (id: number) =>
      taskRows
        .filter((row) => row.owner === id)
        .map(({ id, description }) => ({ id, description })),
  }
}

export async function isUsedByTasks(db: Db, kind: VersionedKind, id: number) {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks[kind.key], id))
    .limit(1)
  return row !== undefined
}

export async function usageCounts(db: Db, kind: VersionedKind, id: number) {
  const [typeCount] = await db
    .select({ value: count() })
    .from(taskTypes)
    .where(eq(taskTypes[kind.key], id))
  const [taskCount] = await db.select({ value: count() }).from(tasks).where(eq(tasks[kind.key], id))
  return { taskTypes: typeCount?.value ?? 0, tasks: taskCount?.value ?? 0 }
}

/** Points the old version at its successor and moves the task types that used it. */
export async function linkNextVersion(db: Db, kind: VersionedKind, oldId: number, newId: number) {
  await db.update(kind.table).set({ nextVersionId: newId }).where(eq(kind.table.id, oldId))
  await db
    .update(taskTypes)
    .set({ [kind.key]: newId })
    .where(eq(taskTypes[kind.key], oldId))
}

export async function deleteVersion(db: Db, kind: VersionedKind, id: number) {
  await db.delete(kind.table).where(eq(kind.table.id, id))
}
