import { Readable } from 'node:stream'
import { paidSeconds } from '../../../contract/worktime-rules'
import { csvLines } from '../../csv/writer'
import type { Db } from '../../db/client'
import type { JobLogger, JobQueue } from '../../jobs/queue'
import { removeStoredFile, storeStream } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import {
  exportRowsWithUsers,
  failWorktimeExport,
  findWorktimeExport,
  finishWorktimeExport,
  insertExportRows,
  setWorktimeExportProgress,
  worktimeByUser,
} from './export-queries'

export const WORKTIME_EXPORT_QUEUE = 'timelogs.worktime-export'
export type WorktimeExportJobData = { exportId: number; coordinatorId: number | null }
export type WorktimeExportDeps = { db: Db; media: MediaStore; logger: JobLogger }

/** Users' rows written per round trip. */
const ROW_BATCH = 500

export const WORKTIME_CSV_HEADER = [
  'user_id',
  'username',
  'first_name',
  'last_name',
  'worktime_seconds',
] as const

class ExportCancelled extends Error {}

/**
 * One work-time export: approved seconds per user over its range and filters (paid time:
 * work plus the earned part of approved bonus breaks, `paidSeconds`), stored as rows with
 * progress after each batch of users, then written as a CSV file from those rows. An export
 * deleted meanwhile stops at its next progress write and leaves no file.
 */
export async function runWorktimeExport(deps: WorktimeExportDeps, data: WorktimeExportJobData) {
  const { db, media } = deps
  const job = await findWorktimeExport(db, data.exportId)
  if (job?.status !== 'PROCESSING') return
  let storageKey: string | undefined
  try {
    const totals = await worktimeByUser(db, job.filters, job.startAt, job.endAt, data.coordinatorId)
    for (let done = 0; done < totals.length; done += ROW_BATCH) {
      const batch = totals.slice(done, done + ROW_BATCH)
      await insertExportRows(
        db,
        job.id,
        batch.map((row) => ({
          userId: row.user_id,
          worktimeSeconds: paidSeconds(Math.round(row.work), Math.round(row.breaks)),
        })),
      )
      const progress = Math.round(((done + batch.length) * 1000) / totals.length) / 10
      if (!(await setWorktimeExportProgress(db, job.id, Math.min(99, progress)))) {
        throw new ExportCancelled()
      }
    }
    storageKey = (await storeStream(media, Readable.from(worktimeExportFile(db, job.id)), '.csv'))
      .storageKey
    if (!(await finishWorktimeExport(db, job.id, storageKey))) throw new ExportCancelled()
  } catch (error) {
    if (storageKey) await removeStoredFile(media, storageKey)
    if (error instanceof ExportCancelled) return
    deps.logger.error({ err: error, exportId: job.id }, 'work-time export failed')
    await failWorktimeExport(
      db,
      job.id,
      'The export failed unexpectedly; try again, or tell the administrators if it keeps failing.',
    )
  }
}

/**
 * The export's CSV file, made from its stored rows with the users' names as they are now: the
 * export writes it, and anonymizing a user writes it again without the person's names.
 */
export async function* worktimeExportFile(db: Db, exportId: number) {
  yield Buffer.from(csvLines([WORKTIME_CSV_HEADER]))
  const rows = await exportRowsWithUsers(db, exportId)
  yield Buffer.from(
    csvLines(rows.map((row) => [row.id, row.username, row.firstName, row.lastName, row.seconds])),
  )
}

/** A job lost with its process is retried once; the export then starts over. */
export async function registerWorktimeExportWorker(queue: JobQueue, deps: WorktimeExportDeps) {
  await queue.boss.createQueue(WORKTIME_EXPORT_QUEUE, { retryLimit: 1, expireInSeconds: 60 * 60 })
  await queue.boss.work<WorktimeExportJobData>(
    WORKTIME_EXPORT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await runWorktimeExport(deps, job.data)
    },
  )
}
