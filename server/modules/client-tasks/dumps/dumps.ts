import { msg } from '#lingui-message'
import type { Dump, DumpRequest } from '../../../../contract/client-tasks'
import type { SessionUser } from '../../../http/augment'
import { conflict, notFound } from '../../../http/errors'
import { type JobQueue, transactionConnection } from '../../../jobs/queue'
import { clientScopeOf } from '../../client-groups/scope'
import { removeStoredFile } from '../../media/storage'
import { countersByTask, counterView } from '../counters'
import { taskInScope } from '../tasks/task-service'
import { toDump } from '../tasks/views'
import { optionColumns } from './dump-options'
import { deleteDumpRow, dumpRow, hasProcessingDump, insertDump, latestDump } from './dump-queries'
import { EXPORT_QUEUE, type ExportDeps, type ExportJobData, runExport } from './export-job'

export type DumpDeps = ExportDeps & { jobs: JobQueue | null }

/**
 * Starts an export of a task's results. Rules:
 * - download_enabled is the task owner's switch for exports: with it off the request is refused
 *   (409). Clients own their data, so a client of the task's group can always turn it on (PATCH)
 *   and export; the switch guards against exports nobody meant, not against the owner.
 * - One export per task at a time (409 while one is PROCESSING); a task still reading its upload
 *   cannot be exported yet (409).
 * - The dump row and its job are written in one transaction: the job exists exactly when the row
 *   does. Without a job queue (app.jobs null: tests, single-process tools) the export runs
 *   inline before the answer, so the dump comes back FINISHED or FAILED.
 */
export async function requestDump(
  deps: DumpDeps,
  user: SessionUser,
  taskId: number,
  request: DumpRequest,
): Promise<Dump> {
  const { db, jobs } = deps
  const scope = await clientScopeOf(db, user)
  const dumpId = await db.transaction(async (tx) => {
    const task = await taskInScope(tx, scope, taskId, { lock: true })
    if (task.status === 'PROCESSING') {
      throw conflict(msg`The task is still processing its upload; export it once that is done.`)
    }
    if (!task.downloadEnabled) {
      throw conflict(
        msg`Downloading results is turned off for this task; turn on download_enabled in its settings first.`,
      )
    }
    if (await hasProcessingDump(tx, taskId)) {
      throw conflict(msg`An export of this task is already running; wait for it or delete it.`)
    }
    const { progress } = counterView((await countersByTask(tx, [taskId])).get(taskId))
    const id = await insertDump(tx, {
      taskId,
      authorId: user.id,
      format: request.format,
      taskStatus: task.status,
      taskProgress: progress,
      ...optionColumns(request),
    })
    if (jobs) {
      const data: ExportJobData = { dumpId: id }
      await jobs.boss.send(EXPORT_QUEUE, data, transactionConnection(tx))
    }
    return id
  })
  if (!jobs) await runExport(deps, dumpId)
  const row = await dumpRow(db, dumpId)
  if (!row) throw notFound(msg`The export was deleted meanwhile.`)
  return toDump(row)
}

async function latestDumpInScope(deps: ExportDeps, user: SessionUser, taskId: number) {
  await taskInScope(deps.db, await clientScopeOf(deps.db, user), taskId)
  const row = await latestDump(deps.db, taskId)
  if (!row) throw notFound(msg`This task has not been exported yet.`)
  return row
}

/** The latest dump, or null before the first one: an expected state, not a missing resource. */
export async function getLatestDump(deps: ExportDeps, user: SessionUser, taskId: number) {
  await taskInScope(deps.db, await clientScopeOf(deps.db, user), taskId)
  const row = await latestDump(deps.db, taskId)
  return row ? toDump(row) : null
}

/**
 * Deletes the latest dump and its file. A running export notices at its next batch, stops and
 * removes its partial file, so deleting is also how a stuck export is cancelled.
 */
export async function deleteLatestDump(deps: ExportDeps, user: SessionUser, taskId: number) {
  const { dump } = await latestDumpInScope(deps, user, taskId)
  await deleteDumpRow(deps.db, dump.id)
  if (dump.filePath) await removeStoredFile(deps.media, dump.filePath)
}

const MIME_TYPES = { jsonl: 'application/x-ndjson', csv: 'text/csv; charset=utf-8' } as const

/** The file of the latest dump, once it is FINISHED. */
export async function latestDumpFile(deps: ExportDeps, user: SessionUser, taskId: number) {
  const { dump } = await latestDumpInScope(deps, user, taskId)
  if (dump.status !== 'FINISHED' || !dump.filePath) {
    throw notFound(msg`The latest export of this task has no file (yet).`)
  }
  return {
    storageKey: dump.filePath,
    mimeType: MIME_TYPES[dump.format],
    originalName: `task-${taskId}-results-${dump.id}.${dump.format}`,
  }
}
