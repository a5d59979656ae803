import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { financeExportCorrections, financeExportRows, financeExports, users } from '../../db/schema'
import { author } from './picker-queries'

export type FinanceExportRow = typeof financeExports.$inferSelect

export async function insertFinanceExport(db: Db, row: typeof financeExports.$inferInsert) {
  const [inserted] = await db
    .insert(financeExports)
    .values(row)
    .returning({ id: financeExports.id })
  return inserted!.id
}

const exportQuery = (db: Db) =>
  db
    .select({ export: financeExports, author: author.username })
    .from(financeExports)
    .leftJoin(author, eq(author.id, financeExports.authorId))

export type FinanceExportListRow = NonNullable<Awaited<ReturnType<typeof financeExportRow>>>

export async function financeExportRow(db: Db, id: number) {
  const [row] = await exportQuery(db).where(eq(financeExports.id, id))
  return row
}

export async function listFinanceExports(db: Db, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    exportQuery(db)
      .orderBy(desc(financeExports.createdAt), desc(financeExports.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ count: count() }).from(financeExports),
  ])
  return { count: total?.count ?? 0, rows }
}

export async function insertExportRows(db: Db, rows: (typeof financeExportRows.$inferInsert)[]) {
  const BATCH = 1000
  for (let at = 0; at < rows.length; at += BATCH) {
    await db.insert(financeExportRows).values(rows.slice(at, at + BATCH))
  }
}

export async function setExportProgress(db: Db, id: number, progress: number) {
  await db.update(financeExports).set({ progress }).where(eq(financeExports.id, id))
}

/** The latest finished export of the same selection whose period overlaps this one's. */
export async function previousExport(db: Db, current: FinanceExportRow) {
  const [row] = await db
    .select()
    .from(financeExports)
    .where(
      and(
        eq(financeExports.status, 'FINISHED'),
        lt(financeExports.id, current.id),
        eq(financeExports.timeZone, current.timeZone),
        sql`${financeExports.filters} = ${JSON.stringify(current.filters)}::jsonb`,
        lt(financeExports.periodStart, current.periodEnd),
        gt(financeExports.periodEnd, current.periodStart),
      ),
    )
    .orderBy(desc(financeExports.id))
    .limit(1)
  return row
}

/**
 * Writes the corrections of an export against the previous one: every user's day in both periods
 * whose paid time, ratio or weighted time differ, or which only one of them has.
 */
export async function insertCorrections(
  db: Db,
  exportId: number,
  previousId: number,
  days: { from: string; to: string },
): Promise<number> {
  const rows = await selectRows<{ count: number }>(
    db,
    sql`
    with current_rows as (
      select * from finance_export_rows
      where export_id = ${exportId} and day between ${days.from}::date and ${days.to}::date
    ),
    previous_rows as (
      select * from finance_export_rows
      where export_id = ${previousId} and day between ${days.from}::date and ${days.to}::date
    ),
    inserted as (
      insert into finance_export_corrections (
        export_id, user_id, day, previous_paid_seconds, previous_ratio, previous_weighted_seconds,
        paid_seconds, ratio, weighted_seconds
      )
      select ${exportId}, coalesce(c.user_id, p.user_id), coalesce(c.day, p.day),
        p.paid_seconds, p.ratio, coalesce(p.weighted_seconds, 0),
        c.paid_seconds, c.ratio, coalesce(c.weighted_seconds, 0)
      from current_rows c
      full outer join previous_rows p on p.user_id = c.user_id and p.day = c.day
      where c.user_id is null or p.user_id is null
        or c.paid_seconds <> p.paid_seconds
        or c.ratio is distinct from p.ratio
        or c.weighted_seconds <> p.weighted_seconds
      returning 1
    )
    select count(*)::int as count from inserted
  `,
  )
  return Number(rows[0]?.count ?? 0)
}

export async function finishFinanceExport(
  db: Db,
  id: number,
  outcome: { filePath: string; previousExportId: number | null; correctionsCount: number },
) {
  await db.execute(sql`
    update finance_exports set
      status = 'FINISHED',
      processed_at = now(),
      progress = 100,
      file_path = ${outcome.filePath},
      previous_export_id = ${outcome.previousExportId},
      corrections_count = ${outcome.correctionsCount},
      work_seconds = coalesce(totals.work, 0),
      paid_bonus_break_seconds = coalesce(totals.breaks, 0),
      paid_seconds = coalesce(totals.paid, 0),
      weighted_seconds = coalesce(totals.weighted, 0),
      users_count = coalesce(totals.users, 0)
    from (
      select sum(work_seconds) as work, sum(paid_bonus_break_seconds) as breaks,
        sum(paid_seconds) as paid, sum(weighted_seconds) as weighted,
        count(distinct user_id) as users
      from finance_export_rows where export_id = ${id}
    ) as totals
    where finance_exports.id = ${id}
  `)
}

export async function clearExportRows(db: Db, id: number) {
  await db.delete(financeExportRows).where(eq(financeExportRows.exportId, id))
  await db.delete(financeExportCorrections).where(eq(financeExportCorrections.exportId, id))
}

export async function failFinanceExport(db: Db, id: number, error: string) {
  await db.transaction(async (tx) => {
    await clearExportRows(tx, id)
    await tx
      .update(financeExports)
      .set({ status: 'FAILED', processedAt: new Date(), error })
      .where(eq(financeExports.id, id))
  })
}

/** Rows of an export with usernames, by user and day, for the file and the per-user totals. */
export async function exportRowsWithUsers(db: Db, exportId: number) {
  return db
    .select({
      userId: financeExportRows.userId,
      username: users.username,
      day: financeExportRows.day,
      workSeconds: financeExportRows.workSeconds,
      paidBonusBreakSeconds: financeExportRows.paidBonusBreakSeconds,
      paidSeconds: financeExportRows.paidSeconds,
      ratio: financeExportRows.ratio,
      weightedSeconds: financeExportRows.weightedSeconds,
    })
    .from(financeExportRows)
    .innerJoin(users, eq(users.id, financeExportRows.userId))
    .where(eq(financeExportRows.exportId, exportId))
    .orderBy(asc(sql`lower(${users.username})`), financeExportRows.userId, financeExportRows.day)
}

export async function exportCorrections(db: Db, exportId: number) {
  return db
    .select({
      userId: financeExportCorrections.userId,
      username: users.username,
      day: financeExportCorrections.day,
      previousPaidSeconds: financeExportCorrections.previousPaidSeconds,
      previousRatio: financeExportCorrections.previousRatio,
      previousWeightedSeconds: financeExportCorrections.previousWeightedSeconds,
      paidSeconds: financeExportCorrections.paidSeconds,
      ratio: financeExportCorrections.ratio,
      weightedSeconds: financeExportCorrections.weightedSeconds,
    })
    .from(financeExportCorrections)
    .innerJoin(users, eq(users.id, financeExportCorrections.userId))
    .where(eq(financeExportCorrections.exportId, exportId))
    .orderBy(asc(sql`lower(${users.username})`), financeExportCorrections.day)
}
