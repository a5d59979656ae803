import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { type CopyRows, copyRows } from '../../db/copy'
import { rowsById } from '../../db/rows'
import {
  goldAnswers,
  itemSets,
  items,
  languages,
  mediaObjects,
  projects,
  type taskProtocols,
  type taskSchemas,
  tasks,
  taskTypeProjects,
  taskTypes,
} from '../../db/schema'

export async function findTaskType(db: Db, id: number) {
  const [row] = await db
    .select({
      id: taskTypes.id,
      clientGroupId: taskTypes.clientGroupId,
      isFixedSets: taskTypes.isFixedSets,
      itemsPerSet: taskTypes.itemsPerSet,
      maxItemsPerUserPercent: taskTypes.maxItemsPerUserPercent,
      downloadEnabled: taskTypes.downloadEnabled,
      encryptAudio: taskTypes.encryptAudio,
      defaultMetadata: taskTypes.defaultMetadata,
      defaultProjectId: taskTypes.defaultProjectId,
      schemaId: taskTypes.schemaId,
      protocolId: taskTypes.protocolId,
    })
    .from(taskTypes)
    .where(eq(taskTypes.id, id))
  return row
}

/**
 * The newest version of a versioned definition: editing one links the old row to its successor,
 * so the chain of `next_version_id` from any version ends at the current one.
 */
export async function currentVersionId(
  db: Db,
  table: typeof taskSchemas | typeof taskProtocols,
  id: number,
): Promise<number> {
  const result = await db.execute(sql`
    with recursive chain(id, next_id) as (
      select ${table.id}, ${table.nextVersionId} from ${table} where ${table.id} = ${id}
      union all
      select t.id, t.next_version_id from ${table} t join chain on t.id = chain.next_id
    )
    select id from chain where next_id is null limit 1`)
  const [row] = (result as unknown as { rows: { id: number }[] }).rows
  return row ? Number(row.id) : id
}

export async function existingLanguageIds(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(inArray(languages.id, ids))
  return new Set(rows.map((row) => row.id))
}

export async function projectExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))
  return Boolean(row)
}

export async function taskTypeProjectIds(db: Db, taskTypeId: number): Promise<number[]> {
  const rows = await db
    .select({ projectId: taskTypeProjects.projectId })
    .from(taskTypeProjects)
    .where(eq(taskTypeProjects.taskTypeId, taskTypeId))
  return rows.map((row) => row.projectId)
}

/**
 * Of the given media uuids, those an item of this client group may not name: media of the
 * group's own tasks may be reused, anything else (another client's media, protocol files,
 * uploads) does not exist as far as this client is concerned.
 */
export async function unusableMediaUuids(
  db: Db,
  uuids: string[],
  clientGroupId: number,
): Promise<Set<string>> {
  const usable = await db
    .select({ uuid: mediaObjects.uuid })
    .from(mediaObjects)
    .innerJoin(tasks, eq(tasks.id, mediaObjects.taskId))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(and(inArray(mediaObjects.uuid, uuids), eq(taskTypes.clientGroupId, clientGroupId)))
  const found = new Set(usable.map((row) => row.uuid))
  return new Set(uuids.filter((uuid) => !found.has(uuid)))
}

/** Of these media uuids, the audio files (another task's recordings, plain or protected). */
export async function audioMediaUuids(db: Db, uuids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ uuid: mediaObjects.uuid })
    .from(mediaObjects)
    .where(and(inArray(mediaObjects.uuid, uuids), sql`${mediaObjects.mimeType} like 'audio/%'`))
  return new Set(rows.map((row) => row.uuid))
}

export const insertTask = rowsById(tasks, 'task').insert

export type MediaObjectRow = typeof mediaObjects.$inferInsert

export const insertMediaObject = rowsById(mediaObjects, 'media object').insert

export async function insertMediaObjects(db: Db, rows: MediaObjectRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mediaObjects).values(rows)
}

const ITEM_COLUMNS = ['task_id', 'position', 'data', 'data_id', 'is_gold'] as const

/**
 * Appends an item to a batch of COPY rows: its task, its 0-based place in the file, its data,
 * whether it is a gold item.
 */
export function appendItemRow(
  rows: CopyRows,
  taskId: number,
  position: number,
  data: Record<string, unknown>,
  dataId: string | null,
  isGold: boolean,
): void {
  rows.row([taskId, position, JSON.stringify(data), dataId, isGold ? 't' : 'f'])
}

/**
 * A batch of items (`appendItemRow`) at consecutive positions. `ordinals[i]` is the i-th row's place among the task's ordinary items, null for a gold item;
 * `gold` holds the expected answers of the batch's gold items.
 */
export type ItemBatch = {
  rows: CopyRows
  count: number
  ordinals: (number | null)[]
  gold: { position: number; expected: Record<string, unknown> }[]
}

/** Fixed sets of `size` items, and the buffer their batches' rows are copied into. */
export type FixedSets = { size: number; rows: CopyRows }

/**
 * Loads a batch of items with `COPY` (several times faster than INSERT on PostgreSQL and PGlite),
 * then the expected answers of its gold items. With fixed sets, the batch's item sets (ordinary
 * items' `ordinal / itemsPerSet`) are made first, and each row is led by its set's id, written
 * into `fixedSets.rows`; a batch must then start at a set boundary so no set spans two batches.
 * Gold items are in no fixed set: they are mixed into sets when sets are handed out.
 */
export async function copyItemRows(
  tx: Tx,
  taskId: number,
  batch: ItemBatch,
  fixedSets: FixedSets | null,
): Promise<void> {
  const ordinals = batch.ordinals.filter((ordinal) => ordinal !== null)
  if (fixedSets === null || ordinals.length === 0) {
    await copyRows(tx, 'items', ITEM_COLUMNS, batch.rows)
  } else {
    const { size } = fixedSets
    const firstSet = Math.floor(ordinals[0]! / size)
    const lastSet = Math.floor(ordinals.at(-1)! / size)
    // Both drivers answer `execute` with `{ rows }`; the shared type only knows it as unknown.
    const { rows: sets } = (await tx.execute(sql`
      insert into ${itemSets} (task_id, is_fixed, position)
      select ${taskId}, true, p from generate_series(${firstSet}::int, ${lastSet}::int) p
      returning id, position`)) as unknown as { rows: { id: number; position: number }[] }
    const setIds = new Map(sets.map((set) => [set.position, set.id]))
    fixedSets.rows.setRowsLedBy(batch.rows, (row) => {
      const ordinal = batch.ordinals[row]
      return ordinal === null || ordinal === undefined
        ? null
        : setIds.get(Math.floor(ordinal / size))!
    })
    await copyRows(tx, 'items', ['item_set_id', ...ITEM_COLUMNS], fixedSets.rows)
  }
  if (batch.gold.length > 0) {
    await tx.execute(sql`
      insert into ${goldAnswers} (item_id, expected)
      select i.id, g.expected
      from jsonb_to_recordset(${JSON.stringify(batch.gold)}::jsonb) as g(position int, expected jsonb)
      join ${items} i on i.task_id = ${taskId} and i.position = g.position`)
  }
}

/**
 * Removes what an import of the task wrote: items, item sets and media objects (the uploaded
 * file belongs to no task, so it stays). Answers the storage keys of the removed media, whose
 * files go next.
 */
export async function removeImportedRows(db: Db, taskId: number): Promise<string[]> {
  await db.delete(items).where(eq(items.taskId, taskId))
  await db.delete(itemSets).where(eq(itemSets.taskId, taskId))
  const removed = await db
    .delete(mediaObjects)
    .where(eq(mediaObjects.taskId, taskId))
    .returning({ storageKey: mediaObjects.storageKey })
  return removed.map((row) => row.storageKey)
}

/** A task waiting for its import, with what the import reads. */
export async function taskToImport(db: Db, taskId: number) {
  const [row] = await db
    .select({
      id: tasks.id,
      status: tasks.status,
      authorId: tasks.authorId,
      schemaId: tasks.schemaId,
      isFixedSets: tasks.isFixedSets,
      itemsPerSet: tasks.itemsPerSet,
      encryptAudio: tasks.encryptAudio,
      sourceFileId: tasks.sourceFileId,
      processingError: tasks.processingError,
      sourceKey: mediaObjects.storageKey,
      sourceName: mediaObjects.originalName,
    })
    .from(tasks)
    .leftJoin(mediaObjects, eq(mediaObjects.id, tasks.sourceFileId))
    .where(eq(tasks.id, taskId))
  return row
}

export async function recordImportError(db: Db, taskId: number, error: string): Promise<void> {
  await db.update(tasks).set({ processingError: error }).where(eq(tasks.id, taskId))
}

/** Ends a successful import: the task leaves PROCESSING and its uploaded file goes. */
export async function finishImport(
  db: Db,
  task: { id: number; sourceFileId: number | null },
  values: Pick<typeof tasks.$inferInsert, 'status' | 'startedAt' | 'itemsTotal'>,
): Promise<void> {
  await db
    .update(tasks)
    .set({ ...values, processingError: null, sourceFileId: null })
    .where(eq(tasks.id, task.id))
  if (task.sourceFileId !== null) {
    await db.delete(mediaObjects).where(eq(mediaObjects.id, task.sourceFileId))
  }
}

export async function taskProcessing(db: Db, taskId: number) {
  const [row] = await db
    .select({
      status: tasks.status,
      itemsTotal: tasks.itemsTotal,
      error: tasks.processingError,
      clientGroupId: taskTypes.clientGroupId,
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(eq(tasks.id, taskId))
  return row
}

/**
 * Items imported so far. Batches commit in file order, so this is the highest position plus one,
 * read from the (task_id, position) index without counting rows.
 */
export async function importedItemCount(db: Db, taskId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(max(${items.position}) + 1, 0)::int` })
    .from(items)
    .where(eq(items.taskId, taskId))
  return row?.count ?? 0
}
