import { type SQL, sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type { ReviewTask, ReviewTaskOrderingField, ReviewTaskQuery } from '../../../contract/review'
import type { Db } from '../../db/client'
import { isoOrNull } from '../../db/raw-rows'
import type { SessionUser } from '../../http/augment'
import { notFound } from '../../http/errors'
import { orderOf, whereAll } from './listing'
import { inPool, lockHolds, notReviewed } from './lock-state'
import { authorInScope, reviewScopeOf } from './scope'
import {
  findTaskWithCounts,
  listTasksWithCounts,
  taskBase,
  taskChoices,
  taskFilterConditions,
} from './task-queries'

const COUNTS = {
  pending_count: sql`count(*) filter (where ${notReviewed})::int`,
  available_count: sql`count(*) filter (where ${inPool})::int`,
  locked_count: sql`count(*) filter (where ${lockHolds})::int`,
  reviewed_count: sql`count(*) filter (where ri.status = 'REVIEWED')::int`,
  oldest_pending: sql`min(ri.generated_at) filter (where ${notReviewed})`,
  latest_reviewed: sql`max(ri.reviewed_at)`,
}

const ORDER: Record<ReviewTaskOrderingField, SQL> = {
  id: sql`task_id`,
  pending_count: sql`pending_count`,
  available_count: sql`available_count`,
  locked_count: sql`locked_count`,
  reviewed_count: sql`reviewed_count`,
  oldest_pending: sql`oldest_pending`,
  latest_reviewed: sql`latest_reviewed`,
}

type Counts = {
  pending_count: number
  available_count: number
  locked_count: number
  reviewed_count: number
  oldest_pending: Date | string | null
  latest_reviewed: Date | string | null
}

const itemsInScope = (user: SessionUser) => authorInScope(reviewScopeOf(user), sql`ri.user_id`)

/** GET /review/tasks/: tasks with review items of work the reviewer may see, with counts. */
export async function reviewTasks(db: Db, user: SessionUser, query: ReviewTaskQuery) {
  const above = (name: keyof typeof COUNTS, bound: number | undefined) =>
    bound === undefined ? undefined : sql`${sql.identifier(name)} > ${bound}`
  const { count, rows } = await listTasksWithCounts<Counts>(db, {
    items: whereAll([itemsInScope(user), ...taskFilterConditions(query)]),
    counts: COUNTS,
    having: whereAll([
      above('pending_count', query.pending_count__gt),
      above('available_count', query.available_count__gt),
      above('locked_count', query.locked_count__gt),
      above('reviewed_count', query.reviewed_count__gt),
    ]),
    orderBy: orderOf(ORDER, query.ordering, sql`task_id`),
    offset: query.offset,
    limit: query.limit,
  })
  return { count, results: rows.map(reviewTaskView) }
}

function reviewTaskView(row: Parameters<typeof taskBase>[0] & Counts): ReviewTask {
  return {
    ...taskBase(row),
    pending_count: row.pending_count,
    available_count: row.available_count,
    locked_count: row.locked_count,
    reviewed_count: row.reviewed_count,
    oldest_pending_timestamp: isoOrNull(row.oldest_pending),
    latest_reviewed_timestamp: isoOrNull(row.latest_reviewed),
  }
}

/** GET /review/tasks/{id}/. */
export async function reviewTask(db: Db, user: SessionUser, taskId: number) {
  const row = await findTaskWithCounts<Counts>(db, taskId, itemsInScope(user), COUNTS)
  if (!row) throw notFound(msg`No such task with work for you to review.`)
  return reviewTaskView(row)
}

/** OPTIONS /review/tasks/ and /review/items/: the filter choices. */
export function reviewTaskChoices(db: Db, user: SessionUser) {
  return taskChoices(db, itemsInScope(user))
}
