import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { selectRows } from '../../../db/raw-rows'
import { taskSchemas, tasks, taskTypes } from '../../../db/schema'
import type { SourceAnnotation, SourceItem } from './export-format'

/**
 * What an export needs of its task besides the items: schema, annotations per item, size (of
 * the items it reads: gold items only with include_gold).
 */
export async function exportTask(db: Db, taskId: number, includeGold: boolean) {
  const gold = includeGold ? sql`` : sql` and not is_gold`
  const [row] = await db
    .select({
      schema: taskSchemas.schema,
      annotationsPerItem: taskTypes.annotationsPerItem,
      taskTypeId: tasks.taskTypeId,
      itemCount: sql<number>`(select count(*)::int from items where task_id = ${tasks.id}${gold})`,
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .innerJoin(taskSchemas, eq(taskSchemas.id, tasks.schemaId))
    .where(eq(tasks.id, taskId))
  return row
}

/**
 * The next `limit` items after position `after`, in position order (keyset paging). Gold items
 * come only with `includeGold`, with their expected answers.
 */
export function itemBatch(
  db: Db,
  taskId: number,
  after: number,
  limit: number,
  includeGold: boolean,
): Promise<SourceItem[]> {
  return selectRows<SourceItem>(
    db,
    includeGold
      ? sql`select i.id, i.position, i.data, i.data_id, i.is_gold, g.expected as gold_expected
            from items i left join gold_answers g on g.item_id = i.id
            where i.task_id = ${taskId} and i.position > ${after}
            order by i.position limit ${limit}`
      : sql`select id, position, data, data_id, false as is_gold, null as gold_expected
            from items
            where task_id = ${taskId} and position > ${after} and not is_gold
            order by position limit ${limit}`,
  )
}

/**
 * Annotations of items with ids in [first, last], by item then id, with their review when asked
 * (a reviewed annotation has one review item; one drawn for review but not graded yet has none
 * to export, where the table keeps mark 0). A task's items are inserted in position order, so
 * a batch's ids form a narrow range: one index range scan, where listing 2,000 ids or joining on
 * positions costs several times more. The range may hold other items' annotations; the caller
 * only looks up its own items.
 */
export function annotationsInRange(
  db: Db,
  itemIds: { first: number; last: number },
  withReview: boolean,
): Promise<SourceAnnotation[]> {
  const review = withReview
    ? sql`case when r.status = 'REVIEWED' then json_build_object(
            'status', r.status, 'mark', r.mark, 'error_types', r.error_types,
            'comment', r.comment,
            'reviewed_timestamp', to_char(r.reviewed_at at time zone 'UTC',
                                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end`
    : sql`null`
  return selectRows<SourceAnnotation>(
    db,
    sql`select a.id, a.item_id, a.user_id, a.data, a.is_done, a.is_validating,
          a.errors <> '{}'::jsonb as has_errors, ${review} as review
        from annotations a
        ${withReview ? sql`left join review_items r on r.annotation_id = a.id` : sql``}
        where a.item_id between ${itemIds.first} and ${itemIds.last}
        order by a.item_id, a.id`,
  )
}
