import { msg } from '#lingui-message'
import type {
  WorktimeExport,
  WorktimeExportDetail,
  WorktimeExportInput,
  WorktimeExportListQuery,
} from '../../../contract/timelogs'
import type { SessionUser } from '../../http/augment'
import { fieldError, notFound } from '../../http/errors'
import { type JobQueue, transactionConnection } from '../../jobs/queue'
import { removeStoredFile } from '../media/storage'
import {
  runWorktimeExport,
  WORKTIME_EXPORT_QUEUE,
  type WorktimeExportDeps,
  type WorktimeExportJobData,
} from './export-job'
import {
  deleteWorktimeExport,
  exportRowsWithUsers,
  exportsOf,
  findWorktimeExport,
  insertWorktimeExport,
  listWorktimeExports,
  type WorktimeExportRow,
  worktimeExportStats,
} from './export-queries'
import { type LogScope, logScopeOf, visibleUserIds } from './scope'

export type ExportServiceDeps = WorktimeExportDeps & { jobs: JobQueue | null }

/** Staff see and export everything; a coordinator their own exports, over their groups' users. */
const authorScope = (user: SessionUser) => (logScopeOf(user).isStaff ? null : user.id)

function exportView(row: WorktimeExportRow): WorktimeExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    created_timestamp: row.createdAt.toISOString(),
    processed_timestamp: row.processedAt?.toISOString() ?? null,
    filters: row.filters,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    author: row.authorId === null ? null : { id: row.authorId, username: row.authorName ?? '' },
    error: row.error,
    rows_count: Number(row.rowsCount),
    total_seconds: Number(row.totalSeconds),
  }
}

async function checkUsersInScope(deps: ExportServiceDeps, scope: LogScope, ids: number[]) {
  const visible = await visibleUserIds(deps.db, scope, ids)
  const outside = ids.filter((id) => !visible.has(id))
  if (outside.length > 0) {
    throw fieldError('users', msg({ message: 'Outside your coordination groups: {ids}.' }), {
      ids: outside.join(', '),
    })
  }
}

/**
 * Starts an export: the row and its job are written in one transaction. Without a job queue
 * (tests, single-process tools) it runs before the answer.
 */
export async function createWorktimeExport(
  deps: ExportServiceDeps,
  user: SessionUser,
  input: WorktimeExportInput,
): Promise<WorktimeExport> {
  const scope = logScopeOf(user)
  await checkUsersInScope(deps, scope, input.users)
  const data = { coordinatorId: scope.isStaff ? null : user.id }
  const exportId = await deps.db.transaction(async (tx) => {
    const id = await insertWorktimeExport(tx, {
      authorId: user.id,
      filters: {
        groups: input.groups,
        users: input.users,
        types: input.types,
        task_types: input.task_types,
        projects: input.projects,
      },
      startAt: new Date(input.start),
      endAt: new Date(input.end),
    })
    if (deps.jobs) {
      const job: WorktimeExportJobData = { exportId: id, ...data }
      await deps.jobs.boss.send(WORKTIME_EXPORT_QUEUE, job, transactionConnection(tx))
    }
    return id
  })
  if (!deps.jobs) await runWorktimeExport(deps, { exportId, ...data })
  return getWorktimeExportSummary(deps, user, exportId)
}

async function getWorktimeExportSummary(deps: ExportServiceDeps, user: SessionUser, id: number) {
  const row = await findWorktimeExport(deps.db, id, exportsOf(authorScope(user)))
  if (!row) throw notFound(msg`No such work-time export.`)
  return exportView(row)
}

export async function worktimeExportPage(
  deps: ExportServiceDeps,
  user: SessionUser,
  query: WorktimeExportListQuery,
) {
  const { count, rows } = await listWorktimeExports(deps.db, exportsOf(authorScope(user)), query)
  return { count, results: rows.map(exportView) }
}

export function worktimeExportCounts(deps: ExportServiceDeps, user: SessionUser) {
  return worktimeExportStats(deps.db, exportsOf(authorScope(user)))
}

export async function getWorktimeExport(
  deps: ExportServiceDeps,
  user: SessionUser,
  id: number,
): Promise<WorktimeExportDetail> {
  const summary = await getWorktimeExportSummary(deps, user, id)
  const rows = await exportRowsWithUsers(deps.db, id)
  return {
    ...summary,
    rows: rows.map((row) => ({
      user: {
        id: row.id,
        username: row.username,
        first_name: row.firstName,
        last_name: row.lastName,
      },
      worktime_seconds: row.seconds,
    })),
  }
}

/** Deletes an export and its file; a running one stops at its next batch. */
export async function removeWorktimeExport(deps: ExportServiceDeps, user: SessionUser, id: number) {
  const row = await findWorktimeExport(deps.db, id, exportsOf(authorScope(user)))
  if (!row) throw notFound(msg`No such work-time export.`)
  await deleteWorktimeExport(deps.db, id)
  if (row.filePath) await removeStoredFile(deps.media, row.filePath)
}

export async function worktimeExportFile(deps: ExportServiceDeps, user: SessionUser, id: number) {
  const row = await findWorktimeExport(deps.db, id, exportsOf(authorScope(user)))
  if (!row) throw notFound(msg`No such work-time export.`)
  if (row.status !== 'FINISHED' || !row.filePath) {
    throw notFound(msg`This export has no file (yet).`)
  }
  return {
    storageKey: row.filePath,
    mimeType: 'text/csv; charset=utf-8',
    originalName: `worktime-export-${row.id}.csv`,
  }
}
