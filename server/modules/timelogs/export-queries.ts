import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { users, worktimeExportRows, worktimeExports } from '../../db/schema'
import type { WorktimeExportFilters } from '../../db/schema/timelogs'
import { coordinatedUserIds } from '../coordinator/queries'
import { approvedStatusSql } from './approved'

/** Exports a caller sees: staff all, a coordinator those they made. */
export const exportsOf = (authorId: number | null) =>
  authorId === null ? undefined : eq(worktimeExports.authorId, authorId)

export async function insertWorktimeExport(tx: Tx, row: typeof worktimeExports.$inferInsert) {
  const [created] = await tx
    .insert(worktimeExports)
    .values(row)
    .returning({ id: worktimeExports.id })
  return created?.id ?? 0
}

const exportColumns = {
  id: worktimeExports.id,
  status: worktimeExports.status,
  progress: worktimeExports.progress,
  createdAt: worktimeExports.createdAt,
  processedAt: worktimeExports.processedAt,
  filters: worktimeExports.filters,
  startAt: worktimeExports.startAt,
  endAt: worktimeExports.endAt,
  authorId: worktimeExports.authorId,
  authorName: users.username,
  error: worktimeExports.error,
  filePath: worktimeExports.filePath,
  rowsCount: sql<number>`(select count(*)::int from worktime_export_rows r where r.export_id = ${worktimeExports.id})`,
  totalSeconds: sql<number>`(select coalesce(sum(r.worktime_seconds), 0)::int from worktime_export_rows r where r.export_id = ${worktimeExports.id})`,
}

const exportsWithAuthor = (db: Db) =>
  db
    .select(exportColumns)
    .from(worktimeExports)
    .leftJoin(users, eq(users.id, worktimeExports.authorId))

export type WorktimeExportRow = Awaited<
  ReturnType<ReturnType<typeof exportsWithAuthor>['execute']>
>[number]

export async function listWorktimeExports(
  db: Db,
  where: SQL | undefined,
  page: { offset: number; limit: number },
) {
  const [total] = await db.select({ value: count() }).from(worktimeExports).where(where)
  const rows = await exportsWithAuthor(db)
    .where(where)
    .orderBy(desc(worktimeExports.createdAt), desc(worktimeExports.id))
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, rows }
}

export async function worktimeExportStats(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      count: count(),
      processing: sql<number>`count(*) filter (where ${worktimeExports.status} = 'PROCESSING')::int`,
      finished: sql<number>`count(*) filter (where ${worktimeExports.status} = 'FINISHED')::int`,
      failed: sql<number>`count(*) filter (where ${worktimeExports.status} = 'FAILED')::int`,
    })
    .from(worktimeExports)
    .where(where)
  return row ?? { count: 0, processing: 0, finished: 0, failed: 0 }
}

export async function findWorktimeExport(db: Db, id: number, where?: SQL) {
  const [row] = await exportsWithAuthor(db).where(and(eq(worktimeExports.id, id), where))
  return row
}

export function exportRowsWithUsers(db: Db, exportId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      seconds: worktimeExportRows.worktimeSeconds,
    })
    .from(worktimeExportRows)
    .innerJoin(users, eq(users.id, worktimeExportRows.userId))
    .where(eq(worktimeExportRows.exportId, exportId))
    .orderBy(sql`lower(${users.username})`, users.id)
}

export async function deleteWorktimeExport(db: Db, id: number) {
  await db.delete(worktimeExports).where(eq(worktimeExports.id, id))
}

const whileProcessing = (id: number) =>
  and(eq(worktimeExports.id, id), eq(worktimeExports.status, 'PROCESSING'))

/** False when the export was deleted (or settled) meanwhile. */
export async function setWorktimeExportProgress(db: Db, id: number, progress: number) {
  const rows = await db
    .update(worktimeExports)
    .set({ progress })
    .where(whileProcessing(id))
    .returning({ id: worktimeExports.id })
  return rows.length > 0
}

export async function finishWorktimeExport(db: Db, id: number, filePath: string) {
  const rows = await db
    .update(worktimeExports)
    .set({ status: 'FINISHED', progress: 100, filePath, processedAt: sql`now()` })
    .where(whileProcessing(id))
    .returning({ id: worktimeExports.id })
  return rows.length > 0
}

export async function failWorktimeExport(db: Db, id: number, error: string) {
  await db
    .update(worktimeExports)
    .set({ status: 'FAILED', error, processedAt: sql`now()` })
    .where(whileProcessing(id))
}

export async function insertExportRows(
  db: Db,
  exportId: number,
  rows: { userId: number; worktimeSeconds: number }[],
) {
  if (rows.length === 0) return
  await db
    .insert(worktimeExportRows)
    .values(rows.map((row) => ({ exportId, ...row })))
    .onConflictDoNothing()
}

export type UserWorktime = { user_id: number; work: number; breaks: number }

const idArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`

/**
 * Approved seconds per user clipped to [start, end), work and bonus breaks apart, over the
 * users the filters and the author's scope leave (a coordinator: their groups' users).
 */
export function worktimeByUser(
  db: Db,
  filters: WorktimeExportFilters,
  start: Date,
  end: Date,
  coordinatorId: number | null,
) {
  const conditions: SQL[] = [
    sql`l.end_at > ${start.toISOString()}::timestamptz`,
    sql`l.start_at < ${end.toISOString()}::timestamptz`,
    approvedStatusSql(sql`l.status`),
  ]
  if (coordinatorId !== null) {
    conditions.push(sql`l.user_id in (${coordinatedUserIds(db, coordinatorId)})`)
  }
  if (filters.users.length > 0) conditions.push(sql`l.user_id = any(${idArray(filters.users)})`)
  if (filters.groups.length > 0) {
    conditions.push(
      sql`l.user_id in (select m.user_id from endworker_group_members m where m.group_id = any(${idArray(filters.groups)}))`,
    )
  }
  if (filters.types.length > 0) {
    conditions.push(sql`l.timelog_type_id = any(${idArray(filters.types)})`)
  }
  if (filters.task_types.length > 0) {
    conditions.push(sql`t.task_type_id = any(${idArray(filters.task_types)})`)
  }
  if (filters.projects.length > 0) {
    conditions.push(sql`t.project_id = any(${idArray(filters.projects)})`)
  }
  return selectRows<UserWorktime>(
    db,
    sql`select l.user_id,
          coalesce(sum(extract(epoch from least(l.end_at, ${end.toISOString()}::timestamptz)
            - greatest(l.start_at, ${start.toISOString()}::timestamptz)))
            filter (where not coalesce(ty.is_bonus_break, false)), 0)::float8 as work,
          coalesce(sum(extract(epoch from least(l.end_at, ${end.toISOString()}::timestamptz)
            - greatest(l.start_at, ${start.toISOString()}::timestamptz)))
            filter (where coalesce(ty.is_bonus_break, false)), 0)::float8 as breaks
        from time_log_intervals l
        left join tasks t on t.id = l.task_id
        left join timelog_types ty on ty.id = l.timelog_type_id
        where ${sql.join(conditions, sql` and `)}
        group by l.user_id
        order by l.user_id`,
  )
}
