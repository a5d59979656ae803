import path from 'node:path'
import type { Db } from '../../db/client'
import type { JobLogger } from '../../jobs/queue'
import { mediaFilePath, removeStoredFile, storeStream } from '../media/storage'
import { type CheckedItem, type ItemRules, itemRulesOf } from './item-rules'
import {
  finishImport,
  type ItemRow,
  insertItemRows,
  insertMediaObjects,
  type MediaObjectRow,
  recordImportError,
  removeImportedRows,
  schemaDocument,
  taskToImport,
} from './queries'
import { placeOf } from './records'
import { checkedItems, type DataSource, MEDIA_TYPES, openDataSource } from './source'

export type ImportContext = { db: Db; mediaDir: string; logger: JobLogger }

export type ImportRequest = { taskId: number; startTask: boolean }

/** Items per INSERT statement and per transaction: big enough to amortize a round trip. */
export const IMPORT_BATCH_ITEMS = 2000
const MEDIA_WRITES_AT_ONCE = 8

/**
 * Makes the items of a PROCESSING task from its uploaded file, which was validated when it was
 * received. Batches commit one after the other, so the processing progress can be read between
 * them and, on PGlite, other requests get the connection in between. On failure everything
 * imported is removed again, the error is recorded on the task (which stays PROCESSING), and the
 * error is thrown on so a job can be retried; a retry starts over.
 */
export async function importTask(context: ImportContext, request: ImportRequest): Promise<void> {
  const { db, mediaDir } = context
  const task = await taskToImport(db, request.taskId)
  // Deleted meanwhile, or already imported by an earlier delivery of the same job.
  if (task?.status !== 'PROCESSING') return
  const written: string[] = []
  try {
    if (!task.sourceKey) throw new Error('The uploaded file is no longer stored.')
    // What an attempt cut short (a crash, a stop) left behind.
    await removeFiles(mediaDir, await db.transaction((tx) => removeImportedRows(tx, task.id)))
    const rules = itemRulesOf(await schemaDocument(db, task.schemaId))
    const source = await openDataSource(
      mediaFilePath(mediaDir, task.sourceKey),
      task.sourceName ?? '',
    )
    let itemCount: number
    try {
      itemCount = await writeItems(context, source, rules, {
        taskId: task.id,
        authorId: task.authorId,
        fixedSetSize: task.isFixedSets ? task.itemsPerSet : null,
        written,
      })
    } finally {
      source.close()
    }
    await db.transaction((tx) =>
      finishImport(tx, task, {
        status: request.startTask ? 'IN_PROGRESS' : 'CREATED',
        startedAt: request.startTask ? new Date() : null,
        itemsTotal: itemCount,
      }),
    )
    await removeStoredFile(mediaDir, task.sourceKey)
  } catch (error) {
    context.logger.error({ err: error, taskId: task.id }, 'task import failed')
    const removed = await db.transaction(async (tx) => {
      const keys = await removeImportedRows(tx, task.id)
      await recordImportError(tx, task.id, `The import failed: ${(error as Error).message}`)
      return keys
    })
    await removeFiles(mediaDir, [...new Set([...written, ...removed])])
    throw error
  }
}

async function removeFiles(mediaDir: string, storageKeys: string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => removeStoredFile(mediaDir, key)))
}

type Target = {
  taskId: number
  authorId: number | null
  fixedSetSize: number | null
  /** Storage keys of the media files this import wrote, removed again on failure. */
  written: string[]
}

type PendingItem = { position: number; item: CheckedItem }

/**
 * Streams the items into batches and writes each batch while the next one is being read (on
 * PostgreSQL the two overlap). Answers the number of items.
 */
async function writeItems(
  context: ImportContext,
  source: DataSource,
  rules: ItemRules,
  target: Target,
): Promise<number> {
  // With fixed sets a batch holds whole sets only, so one statement can make its sets.
  const batchSize = target.fixedSetSize
    ? Math.ceil(IMPORT_BATCH_ITEMS / target.fixedSetSize) * target.fixedSetSize
    : IMPORT_BATCH_ITEMS
  const uuidsByPath = new Map<string, string>()
  const write = (batch: PendingItem[]) => writeBatch(context, source, target, uuidsByPath, batch)
  let writing: Promise<void> = Promise.resolve()
  let batch: PendingItem[] = []
  let position = 0
  try {
    for await (const events of checkedItems(source, rules)) {
      for (const event of events) {
        if (!event.item) {
          throw new Error(`${placeOf(event)}: ${event.problems.join(' ')} (the file changed?)`)
        }
        batch.push({ position, item: event.item })
        position += 1
        if (batch.length === batchSize) {
          await writing
          writing = write(batch)
          // Awaited before the next batch or below; until then a failure must not count as unhandled.
          writing.catch(() => {})
          batch = []
        }
      }
    }
    await writing
    if (batch.length > 0) await write(batch)
  } catch (error) {
    // Cleaning up while a batch is still being written would race with it.
    await writing.catch(() => {})
    throw error
  }
  return position
}

async function writeBatch(
  context: ImportContext,
  source: DataSource,
  target: Target,
  uuidsByPath: Map<string, string>,
  batch: PendingItem[],
): Promise<void> {
  const newPaths = new Set<string>()
  for (const { item } of batch) {
    for (const media of item.paths) if (!uuidsByPath.has(media.path)) newPaths.add(media.path)
  }
  const media = await storeMedia(context, source, target, [...newPaths])
  for (const row of media) uuidsByPath.set(row.originalName, row.uuid)
  const rows: ItemRow[] = batch.map(({ position, item }) => {
    for (const file of item.paths) item.data[file.field] = { uuid: uuidsByPath.get(file.path) }
    return { position, data: item.data, data_id: item.dataId }
  })
  await context.db.transaction(async (tx) => {
    await insertMediaObjects(tx, media)
    await insertItemRows(tx, target.taskId, rows, target.fixedSetSize)
  })
}

type StoredMedia = MediaObjectRow & { uuid: string; originalName: string }

/** Copies ZIP entries into media storage; the rows keep the entry's path as original name. */
async function storeMedia(
  context: ImportContext,
  source: DataSource,
  target: Target,
  entryNames: string[],
): Promise<StoredMedia[]> {
  const rows: StoredMedia[] = []
  let next = 0
  let failed = false
  const worker = async () => {
    while (next < entryNames.length && !failed) {
      const entryName = entryNames[next++]!
      const extension = path.posix.extname(entryName).toLowerCase()
      const stored = await storeStream(
        context.mediaDir,
        await source.openMedia(entryName),
        extension,
      )
      target.written.push(stored.storageKey)
      rows.push({
        ...stored,
        taskId: target.taskId,
        creatorId: target.authorId,
        originalName: entryName,
        mimeType: MEDIA_TYPES[extension]?.mimeType ?? 'application/octet-stream',
      })
    }
  }
  // Every writer is let finish, so the keys of all written files are known for a cleanup.
  const results = await Promise.allSettled(
    Array.from({ length: MEDIA_WRITES_AT_ONCE }, () =>
      worker().catch((error) => {
        failed = true
        throw error
      }),
    ),
  )
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
  return rows
}
