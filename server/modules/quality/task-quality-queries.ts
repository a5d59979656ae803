import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'

export type TaskWorkerRow = { id: number; username: string; flagged_items: number }

/**
 * Everyone with done annotations in the task (gold items included), with how many of those
 * carry quality flags.
 */
export function taskWorkers(db: Db, taskId: number) {
  return selectRows<TaskWorkerRow>(
    db,
    sql`select u.id, u.username,
          count(*) filter (where a.quality_flags <> '{}'::text[])::int as flagged_items
        from annotations a
        join items i on i.id = a.item_id
        join users u on u.id = a.user_id
        where i.task_id = ${taskId} and a.is_done
        group by u.id, u.username
        order by lower(u.username), u.id`,
  )
}

/** The task's gold items and the done annotations given to them. */
export async function goldTotals(db: Db, taskId: number) {
  const [row] = await selectRows<{ items: number; answers: number }>(
    db,
    sql`select count(*)::int as items,
          coalesce(sum((select count(*) from annotations a where a.item_id = i.id and a.is_done)), 0)::int
            as answers
        from items i
        where i.task_id = ${taskId} and i.is_gold`,
  )
  return row ?? { items: 0, answers: 0 }
}
