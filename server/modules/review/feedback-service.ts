import { type SQL, sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type {
  FeedbackItemOptions,
  FeedbackItemQuery,
  FeedbackTask,
  FeedbackTaskQuery,
  GivenMark,
} from '../../../contract/review'
import type { Db } from '../../db/client'
import { isoOrNull, selectRows } from '../../db/raw-rows'
import type { SessionUser } from '../../http/augment'
import { notFound } from '../../http/errors'
import { findFullItem, listFullItems } from './item-queries'
import { orderOf, whereAll } from './listing'
import { type MediaParams, reviewMedia } from './media'
import {
  findTaskWithCounts,
  listTasksWithCounts,
  taskBase,
  taskChoices,
  taskFilterConditions,
} from './task-queries'

/** A worker sees the graded review items of their own annotations, and nobody else's. */
const ownFeedback = (user: SessionUser) => sql`ri.user_id = ${user.id} and ri.status = 'REVIEWED'`

const ITEM_ORDER: Record<string, SQL> = {
  id: sql`ri.id`,
  generated: sql`ri.generated_at`,
  reviewed: sql`ri.reviewed_at`,
  mark: sql`ri.mark`,
}

const COUNTS = {
  reviewed_count: sql`count(*)::int`,
  latest_reviewed: sql`max(ri.reviewed_at)`,
}
type Counts = { reviewed_count: number; latest_reviewed: Date | string | null }

const TASK_ORDER = {
  id: sql`task_id`,
  reviewed_count: sql`reviewed_count`,
  latest_reviewed: sql`latest_reviewed`,
}

function feedbackTaskView(row: Parameters<typeof taskBase>[0] & Counts): FeedbackTask {
  return {
    ...taskBase(row),
    reviewed_count: row.reviewed_count,
    latest_reviewed_timestamp: isoOrNull(row.latest_reviewed),
  }
}

export async function feedbackTasks(db: Db, user: SessionUser, query: FeedbackTaskQuery) {
  const { count, rows } = await listTasksWithCounts<Counts>(db, {
    items: whereAll([ownFeedback(user), ...taskFilterConditions(query)]),
    counts: COUNTS,
    having: sql`true`,
    orderBy: orderOf(TASK_ORDER, query.ordering, sql`task_id`),
    offset: query.offset,
    limit: query.limit,
  })
  return { count, results: rows.map(feedbackTaskView) }
}

export async function feedbackTask(db: Db, user: SessionUser, taskId: number) {
  const row = await findTaskWithCounts<Counts>(db, taskId, ownFeedback(user), COUNTS)
  if (!row) throw notFound(msg`No feedback for you in this task.`)
  return feedbackTaskView(row)
}

export async function feedbackTaskChoices(db: Db, user: SessionUser) {
  const { tasks: _tasks, ...choices } = await taskChoices(db, ownFeedback(user))
  return choices
}

export function feedbackItems(db: Db, user: SessionUser, query: FeedbackItemQuery) {
  return listFullItems(db, {
    where: whereAll([
      ownFeedback(user),
      query.task && sql`ri.task_id = ${query.task}`,
      query.protocol && sql`t.protocol_id = ${query.protocol}`,
      query.reviewer && sql`ri.reviewer_id = ${query.reviewer}`,
      query.mark !== undefined && sql`ri.mark = ${query.mark}`,
    ]),
    orderBy: orderOf(ITEM_ORDER, query.ordering, sql`ri.id`),
    offset: query.offset,
    limit: query.limit,
  })
}

export async function feedbackItem(db: Db, user: SessionUser, id: number) {
  const item = await findFullItem(db, id, ownFeedback(user))
  if (!item) throw notFound(msg`No such feedback item of yours.`)
  return item
}

/** OPTIONS /review/feedback/items/: protocols, reviewers and marks of the worker's feedback. */
export async function feedbackItemChoices(
  db: Db,
  user: SessionUser,
  taskId: number | undefined,
): Promise<FeedbackItemOptions> {
  const mine = whereAll([ownFeedback(user), taskId && sql`ri.task_id = ${taskId}`])
  const [row] = await selectRows<{
    protocols: FeedbackItemOptions['protocols'] | null
    reviewers: FeedbackItemOptions['reviewers'] | null
    marks: GivenMark[] | null
  }>(
    db,
    sql`with mine as (select ri.reviewer_id, ri.mark, t.protocol_id from review_items ri
        join tasks t on t.id = ri.task_id where ${mine})
      select
        (select json_agg(json_build_object('id', p.id, 'name', p.name, 'version', p.version)
          order by p.name, p.version) from task_protocols p
          where p.id in (select protocol_id from mine)) as protocols,
        (select json_agg(json_build_object('id', u.id, 'username', u.username,
          'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email)
          order by u.username) from users u
          where u.id in (select reviewer_id from mine)) as reviewers,
        (select json_agg(distinct mark order by mark) from mine) as marks`,
  )
  return {
    protocols: row?.protocols ?? [],
    reviewers: row?.reviewers ?? [],
    marks: row?.marks ?? [],
  }
}

export function feedbackItemMedia(db: Db, user: SessionUser, params: MediaParams) {
  return reviewMedia(db, ownFeedback(user), params)
}
