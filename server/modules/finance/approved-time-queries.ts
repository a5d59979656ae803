import { and, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { FinanceExportFilters } from '../../../contract/finance'
import { APPROVED_STATUSES } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { ratioIntervals } from '../../db/schema'

const approvedStatuses = sql.join(
  APPROVED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

/**
 * Whether the database can convert times in this zone: a browser may know zones (new ones, aliases)
 * that the database's zone files do not.
 */
export async function databaseKnowsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const rows = await selectRows<{ known: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  )
  return rows[0]?.known === true
}

/** The period's bounds: local midnight of the first day and of the day after the last. */
export async function periodBounds(db: Db, dateFrom: string, dateTo: string, timeZone: string) {
  const rows = await selectRows<{ start_at: string; end_at: string }>(
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

/** Users whose approved time in the period the export's user and group filters select. */
export async function exportedUserIds(
  db: Db,
  period: { start: Date; end: Date },
  filters: FinanceExportFilters,
): Promise<number[]> {
  const rows = await selectRows<{ user_id: number }>(
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
  const rows = await selectRows<{
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
