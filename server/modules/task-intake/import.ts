import path from 'node:path'
import type { Db } from '../../db/client'
import type { JobLogger } from '../../jobs/queue'
import { mediaFilePath, removeStoredFile, storeStream } from '../media/storage'
import { FileProblems } from './file-problems'
import { type CheckedItem, type ItemRules, itemRulesOf } from './item-rules'
import {
  copyItemRows,
  finishImport,
  type ItemRow,
  insertMediaObjects,
  type MediaObjectRow,
  recordImportError,
  removeImportedRows,
  schemaDocument,
  taskToImport,
} from './queries'
import { placeOf } from './records'
import { checkedItems, type DataSource, MEDIA_TYPES, openDataSource } from './source'
import type { InflateLimits } from './zip-entries'

export type ImportContext = {
  db: Db
  mediaDir: string
  logger: JobLogger
  inflateLimits: InflateLimits
}

export type ImportRequest = { taskId: number; startTask: boolean }

/** Items per COPY and per transaction: big enough to amortize a round trip. */
export const IMPORT_BATCH_ITEMS = 2000
/**
 * Item text per COPY, besides the item count: a batch of long items is cut short, so the text
 * held for one COPY stays small whatever the items hold.
 */
export const IMPORT_BATCH_CHARS = 8 * 1024 * 1024
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
    if (!task.sourceKey) throw new FileProblems(['The uploaded file is no longer stored.'])
    // What an attempt cut short (a crash, a stop) left behind.
    await removeFiles(mediaDir, await db.transaction((tx) => removeImportedRows(tx, task.id)))
    const rules = itemRulesOf(await schemaDocument(db, task.schemaId))
    const source = await openDataSource(
      mediaFilePath(mediaDir, task.sourceKey),
      task.sourceName ?? '',
      context.inflateLimits,
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
    await recordFailure(context, task.id, failureReason(error), written)
    throw error
  }
}

/** Removes what the import wrote and records why it failed on the task, which stays deletable. */
async function recordFailure(
  context: ImportContext,
  taskId: number,
  reason: string,
  written: string[],
): Promise<void> {
  const removed = await context.db.transaction(async (tx) => {
    const keys = await removeImportedRows(tx, taskId)
    await recordImportError(tx, taskId, reason)
    return keys
  })
  await removeFiles(context.mediaDir, [...new Set([...written, ...removed])])
}

/** Ends an import no attempt could finish, if its task is still waiting for it. */
export async function abandonImport(
  context: ImportContext,
  taskId: number,
  reason: string,
): Promise<void> {
  const task = await taskToImport(context.db, taskId)
  if (task?.status !== 'PROCESSING') return
  context.logger.error({ taskId }, 'task import abandoned')
  // The last attempt's own reason, when it gave one, says more than that it was given up.
  await recordFailure(context, taskId, task.processingError ?? reason, [])
}

/**
 * What the client is told: the file's own problems as they are, anything else (a database or
 * disk error, whose text may show SQL and data) only as a server error; the log has the details.
 */
function failureReason(error: unknown): string {
  if (error instanceof FileProblems) return `The import failed: ${error.message}`
  return 'The import failed because of an error on the server (it is in the server log). Delete the task and upload the file again; if it fails again, tell the administrator.'
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

/** Whether a batch is full: by items or by text, and with fixed sets only after a whole set. */
function batchIsFull(items: number, chars: number, itemsPerBatch: number, setSize: number | null) {
  if (items >= itemsPerBatch) return true
  return chars >= IMPORT_BATCH_CHARS && (setSize === null || items % setSize === 0)
}

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
  let batchChars = 0
  let position = 0
  try {
    for await (const events of checkedItems(source, rules)) {
      for (const event of events) {
        if (!event.item) {
          throw new FileProblems([
            `${placeOf(event)}: ${event.problems.join(' ')} (the file changed since it was checked?)`,
          ])
        }
        batch.push({ position, item: event.item })
        batchChars += event.chars
        position += 1
        if (batchIsFull(batch.length, batchChars, batchSize, target.fixedSetSize)) {
          await writing
          writing = write(batch)
          // Awaited before the next batch or below; until then a failure must not count as unhandled.
          writing.catch(() => {})
          batch = []
          batchChars = 0
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
    await copyItemRows(tx, target.taskId, rows, target.fixedSetSize)
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
