import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { TIMELOG_STATUS } from '../../db/schema/enums'
import { taskCountersTable } from './counters'
import { selectRows } from './raw-rows'

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
 * seconds of their time-log intervals on it (rejected intervals do not count).
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
          where l.task_id = ${taskId} and l.status <> ${TIMELOG_STATUS.REJECTED}
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
 * Active end workers who may take the task: members of the task type's task groups, only the
 * whitelisted ones when the type has a whitelist, never blacklisted ones, and speaking the
 * target language (main or other) when the task settles it.
 */
export async function availableEndworkers(
  db: Db,
  task: { taskTypeId: number; targetLanguageId: number; settleTargetLang: boolean },
): Promise<number> {
  const typeId = task.taskTypeId
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(distinct u.id)::int as count
        from task_type_groups g
        join endworker_groups eg on eg.id = g.group_id and eg.task_group
        join endworker_group_members m on m.group_id = g.group_id
        join users u on u.id = m.user_id
        where g.task_type_id = ${typeId}
          and u.is_active and 'endworker' = any(u.roles)
          and not exists (select 1 from task_type_users b
                          where b.task_type_id = ${typeId} and b.list = 'blacklist'
                            and b.user_id = u.id)
          and (not exists (select 1 from task_type_users w
                           where w.task_type_id = ${typeId} and w.list = 'whitelist')
               or exists (select 1 from task_type_users w
                          where w.task_type_id = ${typeId} and w.list = 'whitelist'
                            and w.user_id = u.id))
          and (not ${task.settleTargetLang}
               or exists (select 1 from endworker_profiles p
                          left join profile_languages pl on pl.profile_id = p.id
                          where p.user_id = u.id
                            and (p.main_language_id = ${task.targetLanguageId}
                                 or pl.language_id = ${task.targetLanguageId})))`,
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
