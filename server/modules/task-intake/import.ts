import { randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import { CopyRows } from '../../db/copy'
import { HttpError } from '../../http/errors'
import { withValues } from '../../http/i18n'
import type { JobLogger } from '../../jobs/queue'
import type { ContentKey } from '../media/protection/content-key'
import { PROTECTED_AUDIO_MIME_TYPE } from '../media/protection/encrypt'
import { type ContentKeyStore, taskContentKey } from '../media/protection/key-store'
import {
  plainAudioFolder,
  removePlainAudio,
  storeProtectedAudio,
} from '../media/protection/store-protected'
import { removeStoredFile, storeStream } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import { schemaDocument } from '../task-definitions/schema-queries'
import type { WebhookEvents } from '../webhooks/events'
import { FileProblems } from './file-problems'
import { type ItemRules, itemRulesOf } from './item-rules'
import {
  appendItemRow,
  copyItemRows,
  type FixedSets,
  finishImport,
  type ItemBatch,
  insertMediaObjects,
  type MediaObjectRow,
  recordImportError,
  removeImportedRows,
  taskToImport,
} from './queries'
import { placeOf } from './records'
import { checkedItems, type DataSource, MEDIA_TYPES, openDataSource } from './source'
import type { ZipLimits } from './zip-entries'

export type ImportContext = {
  db: Db
  media: MediaStore
  logger: JobLogger
  zipLimits: ZipLimits
  contentKeys: ContentKeyStore
  /** Tells the task's webhooks that its import finished or was given up. */
  events: WebhookEvents
}

export type ImportRequest = { taskId: number; startTask: boolean }

/**
 * Items per COPY and per transaction: enough that a batch's round trips and commit cost little
 * beside its COPY (bench/README.md), few enough that on PGlite other requests get the connection
 * between batches, about every 0.1 s.
 */
export const IMPORT_BATCH_ITEMS = 5000
/**
 * COPY bytes per batch, besides the item count: a batch of long items is cut short, so the rows
 * held for one COPY stay small whatever the items hold.
 */
export const IMPORT_BATCH_BYTES = 8 * 1024 * 1024
const MEDIA_WRITES_AT_ONCE = 8
/** Encrypting audio keeps a core busy (ffmpeg and the packager): one file per core at a time. */
const PROTECTED_WRITES_AT_ONCE = Math.min(MEDIA_WRITES_AT_ONCE, os.availableParallelism())

/**
 * Makes the items of a PROCESSING task from its uploaded file, which was validated when it was
 * received. Batches commit one after the other, so the processing progress can be read between
 * them and, on PGlite, other requests get the connection in between. On failure everything
 * imported is removed again, the error is recorded on the task (which stays PROCESSING), and the
 * error is thrown on so a job can be retried; a retry starts over.
 */
export async function importTask(context: ImportContext, request: ImportRequest): Promise<void> {
  const { db, media } = context
  const task = await taskToImport(db, request.taskId)
  // Deleted meanwhile, or already imported by an earlier delivery of the same job.
  if (task?.status !== 'PROCESSING') return
  const written: string[] = []
  try {
    if (!task.sourceKey) throw new FileProblems([msg`The uploaded file is no longer stored.`])
    // What an attempt cut short (a crash, a stop) left behind.
    await removeFiles(media, await db.transaction((tx) => removeImportedRows(tx, task.id)))
    await removePlainAudio(media, task.id)
    const protection = task.encryptAudio
      ? await taskContentKey(db, context.contentKeys, task.id)
      : null
    const rules = itemRulesOf(await schemaDocument(db, task.schemaId))
    // Whichever process runs the import reads the upload from the store, not its own disk.
    const itemCount = await media.withLocalFile(task.sourceKey, async (filePath) => {
      const source = await openDataSource(filePath, task.sourceName ?? '', context.zipLimits)
      try {
        return await writeItems(context, source, rules, {
          taskId: task.id,
          authorId: task.authorId,
          fixedSetSize: task.isFixedSets ? task.itemsPerSet : null,
          protection,
          written,
        })
      } finally {
        source.close()
      }
    })
    await db.transaction(async (tx) => {
      await finishImport(tx, task, {
        status: request.startTask ? 'IN_PROGRESS' : 'CREATED',
        startedAt: request.startTask ? new Date() : null,
        itemsTotal: itemCount,
      })
      await context.events.emitForTask(
        tx,
        task.id,
        'task.import_finished',
        processingLink(context.events, task.id),
      )
    })
    await removeStoredFile(media, task.sourceKey)
    await removePlainAudio(media, task.id)
  } catch (error) {
    context.logger.error({ err: error, taskId: task.id }, 'task import failed')
    await recordFailure(context, task.id, failureReason(error), written)
    throw error
  }
}

const processingLink = (events: WebhookEvents, taskId: number) => ({
  processing: events.link(`client/tasks/${taskId}/processing/`),
})

/**
 * Removes what the import wrote and records why it failed on the task, which stays deletable.
 * The last failure (`final`, when no attempt is left) tells the task's webhooks.
 */
async function recordFailure(
  context: ImportContext,
  taskId: number,
  reason: string,
  written: string[],
  final = false,
): Promise<void> {
  const removed = await context.db.transaction(async (tx) => {
    const keys = await removeImportedRows(tx, taskId)
    await recordImportError(tx, taskId, reason)
    if (final) {
      const links = processingLink(context.events, taskId)
      await context.events.emitForTask(tx, taskId, 'task.import_failed', links)
    }
    return keys
  })
  await removeFiles(context.media, [...new Set([...written, ...removed])])
  await removePlainAudio(context.media, taskId)
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
  await recordFailure(context, taskId, task.processingError ?? reason, [], true)
}

/**
 * What the client is told: the file's own problems as they are, anything else (a database or
 * disk error, whose text may show SQL and data) only as a server error; the log has the details.
 */
function failureReason(error: unknown): string {
  if (error instanceof FileProblems) return `The import failed: ${error.message}`
  return 'The import failed because of an error on the server (it is in the server log). Delete the task and upload the file again; if it fails again, tell the administrator.'
}

async function removeFiles(media: MediaStore, storageKeys: string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => removeStoredFile(media, key)))
}

type Target = {
  taskId: number
  authorId: number | null
  fixedSetSize: number | null
  /** For a protected task, the key its audio is stored encrypted with (its row id and itself). */
  protection: { id: number; contentKey: ContentKey } | null
  /** Storage keys of the media files this import wrote, removed again on failure. */
  written: string[]
}

/** A ZIP entry first named in a batch, with the uuid its media object gets. */
type NewMedia = { entryName: string; uuid: string }

const namedEntryProblem = msg({ message: "''{entryName}'': {problem}" })

/**
 * Items as COPY rows, written as soon as each is read: no item object outlives its chunk of the
 * file, whatever the batch holds.
 */
type Batch = ItemBatch & { media: NewMedia[] }

/**
 * Whether a batch is full: by items or by bytes, and with fixed sets only after a whole set of
 * ordinary items (gold items belong to no fixed set).
 */
function batchIsFull(
  batch: Batch,
  itemsPerBatch: number,
  setSize: number | null,
  ordinary: number,
) {
  const full = batch.count >= itemsPerBatch || batch.rows.byteLength >= IMPORT_BATCH_BYTES
  return full && (setSize === null || ordinary % setSize === 0)
}

/**
 * Streams the items into batches and writes each batch while the next one is being read (on
 * PostgreSQL the two overlap). The two batches take turns with two row buffers, so memory stays
 * what two batches' rows need. Answers the number of ordinary items (gold ones left out).
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
  const fixedSets: FixedSets | null = target.fixedSetSize
    ? { size: target.fixedSetSize, rows: new CopyRows() }
    : null
  const buffers = [new CopyRows(), new CopyRows()] as const
  const uuidsByPath = new Map<string, string>()
  let writing: Promise<void> = Promise.resolve()
  let batches = 0
  const emptyBatch = (rows: CopyRows): Batch => ({
    rows,
    count: 0,
    ordinals: [],
    gold: [],
    media: [],
  })
  let batch = emptyBatch(buffers[0])
  let position = 0
  let ordinary = 0
  try {
    for await (const events of checkedItems(source, rules)) {
      for (const event of events) {
        if (!event.item) {
          const changed = msg({
            message: '{place}: {problems} (the file changed since it was checked?)',
          })
          throw new FileProblems([
            withValues(changed, { place: placeOf(event), problems: event.problems }),
          ])
        }
        const { data, dataId, paths, gold } = event.item
        for (const media of paths) {
          let uuid = uuidsByPath.get(media.path)
          if (!uuid) {
            uuid = randomUUID()
            uuidsByPath.set(media.path, uuid)
            batch.media.push({ entryName: media.path, uuid })
          }
          data[media.field] = { uuid }
        }
        appendItemRow(batch.rows, target.taskId, position, data, dataId, gold !== null)
        if (gold) {
          batch.gold.push({ position, expected: gold })
          batch.ordinals.push(null)
        } else {
          batch.ordinals.push(ordinary)
          ordinary += 1
        }
        batch.count += 1
        position += 1
        if (batchIsFull(batch, batchSize, target.fixedSetSize, ordinary)) {
          // The write before used the other buffer: once it is done, that buffer is free.
          await writing
          writing = writeBatch(context, source, target, batch, fixedSets)
          // Awaited before the next batch or below; until then a failure must not count as unhandled.
          writing.catch(() => {})
          batches += 1
          const rows = buffers[batches % 2]!
          rows.clear()
          batch = emptyBatch(rows)
        }
      }
    }
    await writing
    await writeBatch(context, source, target, batch, fixedSets)
  } catch (error) {
    // Cleaning up while a batch is still being written would race with it.
    await writing.catch(() => {})
    throw error
  }
  return ordinary
}

async function writeBatch(
  context: ImportContext,
  source: DataSource,
  target: Target,
  batch: Batch,
  fixedSets: FixedSets | null,
): Promise<void> {
  if (batch.count === 0) return
  const media = await storeMedia(context, source, target, batch.media)
  await context.db.transaction(async (tx) => {
    await insertMediaObjects(tx, media)
    await copyItemRows(tx, target.taskId, batch, fixedSets)
  })
}

/** Copies ZIP entries into media storage; the rows keep the entry's path as original name. */
async function storeMedia(
  context: ImportContext,
  source: DataSource,
  target: Target,
  entries: NewMedia[],
): Promise<MediaObjectRow[]> {
  const rows: MediaObjectRow[] = []
  let next = 0
  let failed = false
  const worker = async () => {
    while (next < entries.length && !failed) {
      const { entryName, uuid } = entries[next++]!
      const extension = path.posix.extname(entryName).toLowerCase()
      const type = MEDIA_TYPES[extension]
      const stream = await source.openMedia(entryName)
      const row = {
        taskId: target.taskId,
        creatorId: target.authorId,
        originalName: entryName,
      }
      if (target.protection && type?.kind === 'audio') {
        const stored = await storeEncrypted(context, target, entryName, stream, uuid)
        target.written.push(stored.storageKey)
        rows.push({
          ...stored,
          ...row,
          mimeType: PROTECTED_AUDIO_MIME_TYPE,
          contentKeyId: target.protection.id,
        })
      } else {
        const stored = await storeStream(context.media, stream, extension, uuid)
        target.written.push(stored.storageKey)
        rows.push({
          ...stored,
          ...row,
          mimeType: type?.mimeType ?? 'application/octet-stream',
        })
      }
    }
  }
  // Every writer is let finish, so the keys of all written files are known for a cleanup.
  const writers = target.protection ? PROTECTED_WRITES_AT_ONCE : MEDIA_WRITES_AT_ONCE
  const results = await Promise.allSettled(
    Array.from({ length: writers }, () =>
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

/**
 * A protected task's audio file, stored only encrypted. A file that holds no audio ffmpeg can
 * read, or a server without the tools, is a problem the client is told about, naming the file.
 */
async function storeEncrypted(
  context: ImportContext,
  target: Target,
  entryName: string,
  stream: Awaited<ReturnType<DataSource['openMedia']>>,
  uuid: string,
) {
  try {
    return await storeProtectedAudio(
      context.media,
      plainAudioFolder(context.media, target.taskId),
      stream,
      uuid,
      target.protection!.contentKey,
    )
  } catch (error) {
    if (error instanceof HttpError) {
      throw new FileProblems([withValues(namedEntryProblem, { entryName, problem: error.detail })])
    }
    throw error
  }
}
