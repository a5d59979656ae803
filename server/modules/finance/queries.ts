import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FinanceExportFilters, RatioIntervalListQuery } from '../../../contract/finance'
import { APPROVED_STATUSES } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import {
  endworkerGroupMembers,
  endworkerGroups,
  financeExportCorrections,
  financeExportRows,
  financeExports,
  mediaObjects,
  projects,
  ratioIntervals,
  users,
  vspMasterFiles,
  vspRecords,
} from '../../db/schema'

const author = alias(users, 'author')

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type only knows it as unknown. */
async function rowsOf<TRow>(db: Db, query: SQL): Promise<TRow[]> {
  return ((await db.execute(query)) as { rows: TRow[] }).rows
}

const approvedStatuses = sql.join(
  APPROVED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

export const financeUserColumns = {
  id: users.id,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
}

export async function searchUsers(db: Db, search: string, ids: number[] | undefined) {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`
  const matches = sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
  return db
    .select(financeUserColumns)
    .from(users)
    .where(and(isNull(users.anonymizedAt), ids ? inArray(users.id, ids) : matches))
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(ids ? ids.length : 20)
}

export async function filterOptions(db: Db) {
  const [groups, projectRows] = await Promise.all([
    db
      .select({ id: endworkerGroups.id, name: endworkerGroups.name })
      .from(endworkerGroups)
      .orderBy(endworkerGroups.name),
    db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(projects.name),
  ])
  return { groups, projects: projectRows }
}

/** Serialises changes to one user's intervals, so two requests cannot both pass the overlap check. */
export async function lockUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row !== undefined
}

/**
 * The users a master file names, by username or e-mail (both without case). An e-mail shared by
 * several accounts names none of them: the file must use the username then.
 */
export async function usersByLogin(db: Db, logins: string[]) {
  if (logins.length === 0) return []
  const lowered = [...new Set(logins.map((login) => login.toLowerCase()))]
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        inArray(sql`lower(${users.username})`, lowered),
        inArray(sql`lower(${users.email})`, lowered),
      ),
    )
}

export type RatioIntervalRow = typeof ratioIntervals.$inferSelect

/** A user's intervals overlapping [start, end); end null runs on for ever. */
export async function overlappingIntervals(
  db: Db,
  userId: number,
  start: Date,
  end: Date | null,
): Promise<RatioIntervalRow[]> {
  return db
    .select()
    .from(ratioIntervals)
    .where(
      and(
        eq(ratioIntervals.userId, userId),
        or(isNull(ratioIntervals.endAt), gt(ratioIntervals.endAt, start)),
        end ? lt(ratioIntervals.startAt, end) : undefined,
      ),
    )
    .orderBy(ratioIntervals.startAt)
}

export async function ratioIntervalRow(db: Db, id: number): Promise<RatioIntervalRow | undefined> {
  const [row] = await db.select().from(ratioIntervals).where(eq(ratioIntervals.id, id))
  return row
}

export async function insertRatioInterval(db: Db, row: typeof ratioIntervals.$inferInsert) {
  const [inserted] = await db
    .insert(ratioIntervals)
    .values(row)
    .returning({ id: ratioIntervals.id })
  return inserted!.id
}

export async function setRatioInterval(
  db: Db,
  id: number,
  change: Pick<RatioIntervalRow, 'ratio' | 'startAt' | 'endAt'>,
) {
  await db
    .update(ratioIntervals)
    .set({ ratio: change.ratio, startAt: change.startAt, endAt: change.endAt })
    .where(eq(ratioIntervals.id, id))
}

export async function deleteRatioInterval(db: Db, id: number) {
  await db.delete(ratioIntervals).where(eq(ratioIntervals.id, id))
}

function ratioFilters(query: Pick<RatioIntervalListQuery, 'user' | 'group' | 'date'>) {
  const conditions: SQL[] = []
  if (query.user !== undefined) conditions.push(eq(ratioIntervals.userId, query.user))
  if (query.group !== undefined) {
    conditions.push(
      inArray(
        ratioIntervals.userId,
        sql`(select ${endworkerGroupMembers.userId} from ${endworkerGroupMembers} where ${endworkerGroupMembers.groupId} = ${query.group})`,
      ),
    )
  }
  if (query.date !== undefined) {
    const day = new Date(`${query.date}T00:00:00Z`)
    conditions.push(lt(ratioIntervals.startAt, new Date(day.getTime() + 1)))
    conditions.push(or(isNull(ratioIntervals.endAt), gt(ratioIntervals.endAt, day))!)
  }
  return and(...conditions)
}

const ratioIntervalColumns = {
  interval: ratioIntervals,
  user: financeUserColumns,
  author: author.username,
}

export async function listRatioIntervals(db: Db, query: RatioIntervalListQuery) {
  const where = ratioFilters(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(ratioIntervalColumns)
      .from(ratioIntervals)
      .innerJoin(users, eq(users.id, ratioIntervals.userId))
      .leftJoin(author, eq(author.id, ratioIntervals.authorId))
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`), desc(ratioIntervals.startAt), ratioIntervals.id)
      .offset(query.offset)
      .limit(query.limit),
    db.select({ count: count() }).from(ratioIntervals).where(where),
  ])
  return { count: total?.count ?? 0, rows }
}

export async function ratioIntervalWithUser(db: Db, id: number) {
  const [row] = await db
    .select(ratioIntervalColumns)
    .from(ratioIntervals)
    .innerJoin(users, eq(users.id, ratioIntervals.userId))
    .leftJoin(author, eq(author.id, ratioIntervals.authorId))
    .where(eq(ratioIntervals.id, id))
  return row
}
export type RatioIntervalListRow = NonNullable<Awaited<ReturnType<typeof ratioIntervalWithUser>>>

/**
 * The first of a user's days from `fromDay` (to `untilDay`, excluded, when given) that a finished
 * export has figures for: changing the ratio there changes what was paid.
 */
export async function firstExportedDay(
  db: Db,
  userId: number,
  fromDay: string,
  untilDay: string | null,
) {
  const [row] = await db
    .select({ exportId: financeExportRows.exportId, day: financeExportRows.day })
    .from(financeExportRows)
    .innerJoin(financeExports, eq(financeExports.id, financeExportRows.exportId))
    .where(
      and(
        eq(financeExportRows.userId, userId),
        eq(financeExports.status, 'FINISHED'),
        gte(financeExportRows.day, fromDay),
        untilDay === null ? undefined : lt(financeExportRows.day, untilDay),
      ),
    )
    .orderBy(financeExportRows.day, desc(financeExportRows.exportId))
    .limit(1)
  return row
}

// --- Master files ------------------------------------------------------------------------------

export async function insertMasterFile(db: Db, row: typeof vspMasterFiles.$inferInsert) {
  const [inserted] = await db
    .insert(vspMasterFiles)
    .values(row)
    .returning({ id: vspMasterFiles.id })
  return inserted!.id
}

export async function insertMasterFileMedia(db: Db, row: typeof mediaObjects.$inferInsert) {
  const [inserted] = await db.insert(mediaObjects).values(row).returning({ id: mediaObjects.id })
  return inserted!.id
}

export async function settleMasterFile(
  db: Db,
  id: number,
  outcome: Partial<typeof vspMasterFiles.$inferInsert>,
) {
  await db.update(vspMasterFiles).set(outcome).where(eq(vspMasterFiles.id, id))
}

export async function insertVspRecords(db: Db, rows: (typeof vspRecords.$inferInsert)[]) {
  const BATCH = 1000
  for (let at = 0; at < rows.length; at += BATCH) {
    await db.insert(vspRecords).values(rows.slice(at, at + BATCH))
  }
}

const masterFileColumns = {
  file: vspMasterFiles,
  fileName: mediaObjects.originalName,
  author: author.username,
}

const masterFileQuery = (db: Db) =>
  db
    .select(masterFileColumns)
    .from(vspMasterFiles)
    .innerJoin(mediaObjects, eq(mediaObjects.id, vspMasterFiles.fileId))
    .leftJoin(author, eq(author.id, vspMasterFiles.authorId))

export type MasterFileListRow = NonNullable<Awaited<ReturnType<typeof masterFileRow>>>

export async function masterFileRow(db: Db, id: number) {
  const [row] = await masterFileQuery(db).where(eq(vspMasterFiles.id, id))
  return row
}

export async function listMasterFiles(db: Db, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    masterFileQuery(db)
      .orderBy(desc(vspMasterFiles.createdAt), desc(vspMasterFiles.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ count: count() }).from(vspMasterFiles),
  ])
  return { count: total?.count ?? 0, rows }
}

// --- Finance exports ---------------------------------------------------------------------------

export type FinanceExportRow = typeof financeExports.$inferSelect

/**
 * Whether the database can convert times in this zone: a browser may know zones (new ones, aliases)
 * that the database's zone files do not.
 */
export async function databaseKnowsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const rows = await rowsOf<{ known: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  )
  return rows[0]?.known === true
}

/** The period's bounds: local midnight of the first day and of the day after the last. */
export async function periodBounds(db: Db, dateFrom: string, dateTo: string, timeZone: string) {
  const rows = await rowsOf<{ start_at: string; end_at: string }>(
    db,
    sql`
    select
      (${dateFrom}::date::timestamp at time zone ${timeZone})::text as start_at,
      ((${dateTo}::date + 1)::timestamp at time zone ${timeZone})::text as end_at
  `,
  )
  const row = rows[0]!
  return { start: new Date(row.start_at), end: new Date(row.end_at) }
}

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

/** Users whose approved time in the period the export's user and group filters select. */
export async function exportedUserIds(
  db: Db,
  period: { start: Date; end: Date },
  filters: FinanceExportFilters,
): Promise<number[]> {
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`
    select distinct i.user_id
    from time_log_intervals i
    where i.status in (${approvedStatuses})
      and i.end_at > ${period.start.toISOString()} and i.start_at < ${period.end.toISOString()}
      ${filters.users.length > 0 ? sql`and i.user_id in (${idList(filters.users)})` : sql``}
      ${
        filters.groups.length > 0
          ? sql`and i.user_id in (select user_id from endworker_group_members where group_id in (${idList(filters.groups)}))`
          : sql``
      }
    order by i.user_id
  `,
  )
  return rows.map((row) => Number(row.user_id))
}

export type DayTime = { userId: number; day: string; workSeconds: number; breakSeconds: number }

/**
 * Approved time of some users per day of the export's time zone: each interval is clipped to the
 * period and cut at every local midnight it crosses, so the pieces fall on the day they were
 * worked there (daylight saving changes included). Bonus breaks (intervals of a timelog type
 * marked as one) are summed apart from work. A project filter narrows work to tasks of those
 * projects; bonus breaks belong to no task and stay, still capped by the work they were earned by.
 */
export async function approvedTimeByDay(
  db: Db,
  userIds: number[],
  period: { start: Date; end: Date },
  timeZone: string,
  projectIds: number[],
): Promise<DayTime[]> {
  if (userIds.length === 0) return []
  const start = period.start.toISOString()
  const end = period.end.toISOString()
  const rows = await rowsOf<{
    user_id: number
    day: string
    work_seconds: number
    break_seconds: number
  }>(
    db,
    sql`
    with selected as (
      select i.user_id, i.start_at, i.end_at, coalesce(tt.is_bonus_break, false) as bonus
      from time_log_intervals i
      left join timelog_types tt on tt.id = i.timelog_type_id
      left join tasks tk on tk.id = i.task_id
      where i.user_id in (${idList(userIds)})
        and i.status in (${approvedStatuses})
        and i.end_at > ${start}::timestamptz and i.start_at < ${end}::timestamptz
        ${
          projectIds.length > 0
            ? sql`and (coalesce(tt.is_bonus_break, false) or tk.project_id in (${idList(projectIds)}))`
            : sql``
        }
    ),
    pieces as (
      select s.user_id, s.bonus, d.day,
        greatest(s.start_at, ${start}::timestamptz, d.day at time zone ${timeZone}) as piece_start,
        least(s.end_at, ${end}::timestamptz, (d.day + interval '1 day') at time zone ${timeZone}) as piece_end
      from selected s
      cross join lateral generate_series(
        date_trunc('day', greatest(s.start_at, ${start}::timestamptz) at time zone ${timeZone}),
        date_trunc('day', least(s.end_at, ${end}::timestamptz) at time zone ${timeZone}),
        interval '1 day'
      ) as d(day)
    )
    select user_id, to_char(day, 'YYYY-MM-DD') as day,
      round(coalesce(sum(extract(epoch from piece_end - piece_start)) filter (where not bonus), 0))::int as work_seconds,
      round(coalesce(sum(extract(epoch from piece_end - piece_start)) filter (where bonus), 0))::int as break_seconds
    from pieces
    where piece_end > piece_start
    group by user_id, day
    order by user_id, day
  `,
  )
  return rows.map((row) => ({
    userId: Number(row.user_id),
    day: row.day,
    workSeconds: Number(row.work_seconds),
    breakSeconds: Number(row.break_seconds),
  }))
}

/** The ratio intervals of some users that touch the days from `fromDay` to `toDay`. */
export async function ratioIntervalsOfUsers(
  db: Db,
  userIds: number[],
  fromDay: string,
  toDay: string,
) {
  if (userIds.length === 0) return []
  const start = new Date(`${fromDay}T00:00:00Z`)
  const end = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000)
  return db
    .select({
      userId: ratioIntervals.userId,
      ratio: ratioIntervals.ratio,
      startAt: ratioIntervals.startAt,
      endAt: ratioIntervals.endAt,
    })
    .from(ratioIntervals)
    .where(
      and(
        inArray(ratioIntervals.userId, userIds),
        lt(ratioIntervals.startAt, end),
        or(isNull(ratioIntervals.endAt), gt(ratioIntervals.endAt, start)),
      ),
    )
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
  const rows = await rowsOf<{ count: number }>(
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
