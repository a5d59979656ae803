import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { selectRows } from '../../../db/raw-rows'
import { tasks, taskTypes, users } from '../../../db/schema'
import { approvedStatusSql } from '../../timelogs/approved'
import { workerMayTake } from '../../worker-tasks/eligibility'
import { taskCountersTable } from '../counters'

type Timestamp = Date | string | null

export type WorkerStatsRow = {
  id: number
  username: string
  is_staff: boolean
  annotations_done: number
  annotations_failed: number
  worktime: number
  last_annotation: Timestamp
}

/**
 * Everyone who annotated the task or logged time on it, with their annotation counts and the
 * seconds of their approved time-log intervals on it (automatic or accepted; pending and rejected
 * ones do not count).
 */
export function workerStats(db: Db, taskId: number) {
  return selectRows<WorkerStatsRow>(
    db,
    sql`with annotated as (
          select a.user_id,
            count(*) filter (where a.is_done)::int as done,
            count(*) filter (where not a.is_done and a.errors <> '{}'::jsonb)::int as failed,
            max(a.modified_at) as last_annotation
          from annotations a join items i on i.id = a.item_id
          where i.task_id = ${taskId}
          group by a.user_id
        ), logged as (
          select l.user_id, sum(extract(epoch from l.end_at - l.start_at))::float8 as seconds
          from time_log_intervals l
          where l.task_id = ${taskId} and ${approvedStatusSql(sql`l.status`)}
          group by l.user_id
        )
        select u.id, u.username, 'staff' = any(u.roles) as is_staff,
          coalesce(an.done, 0) as annotations_done,
          coalesce(an.failed, 0) as annotations_failed,
          coalesce(lg.seconds, 0) as worktime,
          an.last_annotation
        from users u
        left join annotated an on an.user_id = u.id
        left join logged lg on lg.user_id = u.id
        where an.user_id is not null or lg.user_id is not null
        order by lower(u.username), u.id`,
  )
}

export async function annotationCount(db: Db, taskId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from annotations a join items i on i.id = a.item_id
        where i.task_id = ${taskId}`,
  )
  return row?.count ?? 0
}

/**
 * Active end workers who would see the task in their task list once it is in progress: the rule
 * of work distribution itself (workerMayTake), so the count agrees with what workers see. A task
 * type that is not ACTIVE has none.
 */
export async function availableEndworkers(db: Db, taskId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from ${users}
        join ${tasks} on ${tasks.id} = ${taskId}
        join ${taskTypes} on ${taskTypes.id} = ${tasks.taskTypeId}
        where ${users.isActive} and 'endworker' = any(${users.roles})
          and ${workerMayTake(sql`${users.id}`)}`,
  )
  return row?.count ?? 0
}

/** Done annotations per UTC day, by when they were finished. */
export function annotationsPerDay(db: Db, taskId: number) {
  return selectRows<{ day: Timestamp; count: number }>(
    db,
    sql`select date_trunc('day', coalesce(a.locked_at, a.modified_at) at time zone 'UTC')
               at time zone 'UTC' as day,
          count(*)::int as count
        from annotations a join items i on i.id = a.item_id
        where i.task_id = ${taskId} and a.is_done
        group by 1
        order by 1`,
  )
}

/** Sums of the counters over a set of tasks (a subquery of task ids). */
export async function summedCounters(db: Db, taskIds: SQL) {
  const [row] = await selectRows<{
    annotations_done: number
    items_done: number
    items_total: number
    last_modified: Timestamp
  }>(
    db,
    sql`select coalesce(sum(c.annotations_done), 0)::int as annotations_done,
          coalesce(sum(c.items_done), 0)::int as items_done,
          coalesce(sum(c.items_total), 0)::int as items_total,
          max(c.last_activity) as last_modified
        from ${taskCountersTable(taskIds)} c`,
  )
  return row
}
