import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { wilsonInterval } from './statistics'

type GoldStatsRow = {
  user_id: number
  task_type_id: number
  answers: number
  window_answers: number
  window_correct: number
}

export type GoldStats = {
  userId: number
  taskTypeId: number
  /** Every scored done gold annotation of the worker in tasks of the type. */
  answers: number
  /** The share of gold_correct over the latest gold_window of them; null without any. */
  accuracy: number | null
  /** The 95 % Wilson score interval of that share. */
  ci95: [number, number] | null
}

/**
 * Per worker and task type: their scored done gold annotations, and how many of the latest
 * gold_window of them (by when they were finished) are correct. Narrowed to a task type and to
 * some workers when given.
 */
export async function goldStats(
  db: Db,
  { taskTypeId, userIds }: { taskTypeId?: number; userIds?: readonly number[] },
): Promise<GoldStats[]> {
  if (userIds?.length === 0) return []
  const byType = taskTypeId === undefined ? sql`true` : sql`t.task_type_id = ${taskTypeId}`
  const byUser =
    userIds === undefined
      ? sql`true`
      : sql`a.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
  const rows = await selectRows<GoldStatsRow>(
    db,
    sql`with scored as (
          select a.user_id, t.task_type_id, a.gold_correct,
            row_number() over (
              partition by a.user_id, t.task_type_id
              order by coalesce(a.locked_at, a.modified_at) desc, a.id desc
            ) as recency
          from annotations a
          join items i on i.id = a.item_id and i.is_gold
          join tasks t on t.id = i.task_id
          where a.is_done and a.gold_correct is not null and ${byType} and ${byUser}
        )
        select s.user_id, s.task_type_id, count(*)::int as answers,
          count(*) filter (where s.recency <= tt.gold_window)::int as window_answers,
          count(*) filter (where s.recency <= tt.gold_window and s.gold_correct)::int as window_correct
        from scored s join task_types tt on tt.id = s.task_type_id
        group by s.user_id, s.task_type_id`,
  )
  return rows.map((row) => ({
    userId: row.user_id,
    taskTypeId: row.task_type_id,
    answers: row.answers,
    accuracy: row.window_answers === 0 ? null : row.window_correct / row.window_answers,
    ci95: wilsonInterval(row.window_correct, row.window_answers),
  }))
}
