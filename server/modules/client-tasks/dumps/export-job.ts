import { Readable } from 'node:stream'
import type { Db, Tx } from '../../../db/client'
import type { dumps } from '../../../db/schema'
import type { JobLogger, JobQueue } from '../../../jobs/queue'
import { removeStoredFile, storeStream } from '../../media/storage'
import type { MediaStore } from '../../media/store/media-store'
import { consensusFields } from '../../quality/consensus'
import { goldStats } from '../../quality/gold-stats-queries'
import type { WebhookEvents } from '../../webhooks/events'
import { optionsOfDump } from './dump-options'
import { failDump, findDump, finishDump, setDumpProgress } from './dump-queries'
import {
  aggregateItem,
  aggregateWriter,
  type ExportSettings,
  type ExportWriter,
  exportItem,
  exportWriter,
  type SourceAnnotation,
  type SourceItem,
} from './export-format'
import { annotationsInRange, exportTask, itemBatch } from './export-queries'

export const EXPORT_QUEUE = 'client-tasks.export'
export type ExportJobData = { dumpId: number }

/** Items read per round trip; large enough to amortise queries, small enough to stay light. */
export const EXPORT_BATCH = 5_000
const PROGRESS_INTERVAL_MS = 250

export type ExportDeps = {
  db: Db
  media: MediaStore
  logger: JobLogger
  /** Tells the task's webhooks that its export finished or failed. */
  events: WebhookEvents
}

/** The dump was deleted (or settled) while it ran: stop and leave nothing behind. */
class ExportCancelled extends Error {}

/**
 * The export of one dump: the task's items are read in keyset batches by position with their
 * annotations, formatted and streamed to the media store through storeStream (a temporary file
 * renamed, or a multipart upload completed, only at the end, so backpressure and clean-up come
 * with it). Memory stays at one batch whatever the task's size. A dump deleted meanwhile stops
 * the export at its next progress write. On success the dump is FINISHED with its file, on
 * failure FAILED with a message; either way the task's webhooks are told in the same transaction.
 */
export async function runExport(deps: ExportDeps, dumpId: number): Promise<void> {
  const { db, media } = deps
  const dump = await findDump(db, dumpId)
  // A retried job whose dump was settled or deleted meanwhile has nothing left to do.
  if (dump?.status !== 'PROCESSING') return
  let storageKey: string | undefined
  try {
    const task = await exportTask(db, dump.taskId, dump.includeGold)
    if (!task) throw new ExportCancelled()
    const options = optionsOfDump(dump)
    const settings = {
      schema: task.schema,
      annotationsPerItem: task.annotationsPerItem,
      options,
      goldAccuracy: options.aggregate ? await goldAccuracyOf(db, task.taskTypeId) : new Map(),
    }
    const source = exportChunks(db, dump, settings, task.itemCount)
    const stored = await storeStream(media, Readable.from(source), `.${dump.format}`)
    storageKey = stored.storageKey
    const finished = await db.transaction(async (tx) => {
      if (!(await finishDump(tx, dumpId, stored.storageKey))) return false
      await emitDumpEvent(deps, tx, dump, 'task.export_finished')
      return true
    })
    if (!finished) throw new ExportCancelled()
  } catch (error) {
    if (storageKey) await removeStoredFile(media, storageKey)
    if (error instanceof ExportCancelled) return
    deps.logger.error({ err: error, dumpId }, 'export failed')
    await db.transaction(async (tx) => {
      const failed = await failDump(
        tx,
        dumpId,
        'The export failed unexpectedly; try again, or tell the administrators if it keeps failing.',
      )
      if (failed) await emitDumpEvent(deps, tx, dump, 'task.export_failed')
    })
  }
}

/** With links to where a receiver reads the export's state and downloads its file. */
function emitDumpEvent(
  deps: ExportDeps,
  tx: Tx,
  dump: { id: number; taskId: number },
  type: 'task.export_finished' | 'task.export_failed',
) {
  const path = `client/tasks/${dump.taskId}/dump_async/`
  const links = { dump: deps.events.link(path), file: deps.events.link(`${path}file/`) }
  return deps.events.emitForTask(tx, dump.taskId, type, links, { dump_id: dump.id })
}

/** The gold accuracy of every worker with gold answers in tasks of the type. */
async function goldAccuracyOf(db: Db, taskTypeId: number) {
  const stats = await goldStats(db, { taskTypeId })
  return new Map(
    stats.flatMap((row) => (row.accuracy === null ? [] : [[row.userId, row.accuracy] as const])),
  )
}

/** The file's header, and the text of a batch of items with their annotations ('' for none). */
type Formatter = {
  header: string
  chunk: (batch: SourceItem[], byItem: Map<number, SourceAnnotation[]>) => string
}

function formatWith<TItem>(
  writer: ExportWriter<TItem>,
  format: (item: SourceItem, annotations: SourceAnnotation[]) => TItem | null,
): Formatter {
  return {
    header: writer.header,
    chunk: (batch, byItem) => {
      const records = batch.flatMap((item) => {
        const record = format(item, byItem.get(item.id) ?? [])
        return record === null ? [] : [record]
      })
      return records.length === 0 ? '' : writer.chunk(records)
    },
  }
}

/** Each item as itself with its annotations, or with `aggregate` as its consensus. */
function formatterOf(dump: typeof dumps.$inferSelect, settings: ExportSettings): Formatter {
  if (settings.options.aggregate) {
    const fields = consensusFields(settings.schema)
    return formatWith(aggregateWriter(dump.format, settings), (item, annotations) =>
      aggregateItem(item, annotations, settings, fields),
    )
  }
  return formatWith(exportWriter(dump.format, settings), (item, annotations) =>
    exportItem(item, annotations, settings),
  )
}

/** Left unawaited when the export stops early; a failure still surfaces where it is awaited. */
function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/**
 * The file's bytes, one chunk per batch of items. Reads overlap: as soon as a batch of items
 * arrives its annotations are asked for and the next batch of items is read, while the batch
 * before is formatted and written. Progress is written at most every PROGRESS_INTERVAL_MS, which
 * is also how soon a deleted dump stops its export.
 */
async function* exportChunks(
  db: Db,
  dump: typeof dumps.$inferSelect,
  settings: ExportSettings,
  itemCount: number,
) {
  const formatter = formatterOf(dump, settings)
  if (formatter.header) yield Buffer.from(formatter.header)
  const read = (after: number) =>
    quietly(
      itemBatch(db, dump.taskId, after, EXPORT_BATCH, settings.options.include_gold).then(
        (batch) => {
          const ids = batch.map((item) => item.id)
          const annotations = quietly(
            batch.length === 0
              ? Promise.resolve([])
              : annotationsInRange(
                  db,
                  { first: Math.min(...ids), last: Math.max(...ids) },
                  settings.options.include_review,
                ),
          )
          return { batch, annotations }
        },
      ),
    )
  let next = read(-1)
  let scanned = 0
  let progressAt = Date.now()
  for (;;) {
    const { batch, annotations } = await next
    if (batch.length === 0) return
    next = read(batch.at(-1)!.position)
    const text = formatter.chunk(batch, groupByItem(await annotations))
    if (text !== '') yield Buffer.from(text)
    scanned += batch.length
    if (Date.now() - progressAt >= PROGRESS_INTERVAL_MS) {
      progressAt = Date.now()
      const progress = Math.min(100, Math.round((scanned * 1000) / itemCount) / 10)
      if (!(await setDumpProgress(db, dump.id, progress))) throw new ExportCancelled()
    }
  }
}

function groupByItem(annotations: SourceAnnotation[]) {
  const byItem = new Map<number, SourceAnnotation[]>()
  for (const annotation of annotations) {
    const list = byItem.get(annotation.item_id)
    if (list) list.push(annotation)
    else byItem.set(annotation.item_id, [annotation])
  }
  return byItem
}

/**
 * Exports run one at a time per worker. A job lost with its process is retried once after it
 * expires; runExport starts that dump over from the beginning.
 */
export async function registerExportWorker(queue: JobQueue, deps: ExportDeps) {
  await queue.boss.createQueue(EXPORT_QUEUE, { retryLimit: 1, expireInSeconds: 60 * 60 })
  await queue.boss.work<ExportJobData>(
    EXPORT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await runExport(deps, job.data.dumpId)
    },
  )
}
