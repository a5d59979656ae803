import { sql } from 'drizzle-orm'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { approvedStatusSql } from './approved'

export type StatsRow = {
  tasks_time: number
  total_logged: number
  bonus_breaks_time: number
  pending_time: number
}

/**
 * Seconds of the user's intervals clipped to the range: approved work (bonus breaks apart), the
 * part on tasks, approved bonus breaks, and pending time.
 */
export async function userStats(db: Db, userId: number, start?: Date, end?: Date) {
  const from =
    start === undefined
      ? sql`l.start_at`
      : sql`greatest(l.start_at, ${start.toISOString()}::timestamptz)`
  const to =
    end === undefined ? sql`l.end_at` : sql`least(l.end_at, ${end.toISOString()}::timestamptz)`
  const approved = approvedStatusSql(sql`status`)
  const [row] = await selectRows<StatsRow>(
    db,
    sql`with clipped as (
          select l.source_type, l.status, coalesce(t.is_bonus_break, false) as is_break,
            greatest(extract(epoch from ${to} - ${from}), 0)::float8 as seconds
          from time_log_intervals l
          left join timelog_types t on t.id = l.timelog_type_id
          where l.user_id = ${userId}
            ${start === undefined ? sql`` : sql`and l.end_at > ${start.toISOString()}::timestamptz`}
            ${end === undefined ? sql`` : sql`and l.start_at < ${end.toISOString()}::timestamptz`}
        )
        select
          coalesce(sum(seconds) filter (where ${approved} and not is_break and source_type = 'TASK'), 0)::float8 as tasks_time,
          coalesce(sum(seconds) filter (where ${approved} and not is_break), 0)::float8 as total_logged,
          coalesce(sum(seconds) filter (where ${approved} and is_break), 0)::float8 as bonus_breaks_time,
          coalesce(sum(seconds) filter (where status = ${TIMELOG_STATUS.PENDING}), 0)::float8 as pending_time
        from clipped`,
  )
  return row
}
