import { type SQL, sql } from 'drizzle-orm'
import type { TaskCounter } from '../../../contract/client-tasks'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'

/** Counters of one task as the counters table gives them. */
export type CounterRow = {
  task_id: number
  items_total: number
  items_done: number
  annotations_total: number
  annotations_done: number
  failed_total: number
  failed_done: number
  last_activity: Date | string | null
}

/**
 * A derived table of counters per task, computed from items and annotations: `taskIds` is a
 * parenthesised list, subquery or outer column (`sql\`(${tasks.id})\``). An item is done with
 * annotations_per_item done annotations; annotations beyond that do not count. A failed
 * annotation is one that failed validation (not done, with errors); it stops holding its item
 * back (counts as done) once the item is done. Gold items are not the task's work and count
 * nowhere. Tasks without items get no row.
 */
export function taskCountersTable(taskIds: SQL): SQL {
  return sql`(
    select i.task_id,
      count(*)::int as items_total,
      (count(*) filter (where coalesce(pa.done, 0) >= tt.annotations_per_item))::int as items_done,
      (count(*) * min(tt.annotations_per_item))::int as annotations_total,
      coalesce(sum(least(coalesce(pa.done, 0), tt.annotations_per_item)), 0)::int as annotations_done,
      coalesce(sum(pa.failed), 0)::int as failed_total,
      coalesce(sum(pa.failed) filter (where coalesce(pa.done, 0) >= tt.annotations_per_item), 0)::int
        as failed_done,
      max(pa.last_modified) as last_activity
    from items i
    join tasks ct on ct.id = i.task_id
    join task_types tt on tt.id = ct.task_type_id
    left join (
      select a.item_id,
        count(*) filter (where a.is_done) as done,
        count(*) filter (where not a.is_done and a.errors <> '{}'::jsonb) as failed,
        max(a.modified_at) as last_modified
      from annotations a
      join items ai on ai.id = a.item_id
      where ai.task_id in ${taskIds}
      group by a.item_id
    ) pa on pa.item_id = i.id
    where i.task_id in ${taskIds} and not i.is_gold
    group by i.task_id
  )`
}

/** Progress in percent of one counters row (`c`), for ordering in SQL. */
export const counterProgressSql = sql`coalesce(c.annotations_done::float8 * 100 / nullif(c.annotations_total, 0), 0)`

export async function countersByTask(db: Db, taskIds: number[]): Promise<Map<number, CounterRow>> {
  if (taskIds.length === 0) return new Map()
  const rows = await selectRows<CounterRow>(
    db,
    sql`select c.* from ${taskCountersTable(sql`${taskIds}`)} c`,
  )
  return new Map(rows.map((row) => [row.task_id, row]))
}

const counter = (total: number, done: number): TaskCounter => ({ total, done, left: total - done })

/** The Task's counters and progress; a task without items has zeros everywhere. */
export function counterView(row: CounterRow | undefined) {
  const r = row ?? {
    items_total: 0,
    items_done: 0,
    annotations_total: 0,
    annotations_done: 0,
    failed_total: 0,
    failed_done: 0,
  }
  const progress =
    r.annotations_total > 0
      ? Math.round((r.annotations_done * 10000) / r.annotations_total) / 100
      : 0
  return {
    items: counter(r.items_total, r.items_done),
    annotations: counter(r.annotations_total, r.annotations_done),
    failed: counter(r.failed_total, r.failed_done),
    progress,
  }
}
