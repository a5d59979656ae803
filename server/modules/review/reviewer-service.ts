import { type SQL, sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type {
  LockedItemQuery,
  ReviewedItem,
  ReviewedItemQuery,
  ReviewItemQuery,
  ReviewPatch,
} from '../../../contract/review'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import type { SessionUser } from '../../http/augment'
import { fieldError, HttpError, notFound } from '../../http/errors'
import { type IdempotencyScope, withIdempotency } from '../../http/idempotency'
import { countItems, findFullItem, listFullItems, listReviewItems } from './item-queries'
import { orderOf, whereAll } from './listing'
import { lockNextItems, lockReviewItemRow, writeGrade } from './lock-queries'
import { inPool, lockHolds } from './lock-state'
import { type MediaParams, reviewMedia } from './media'
import { authorInScope, type ReviewScope, reviewScopeOf } from './scope'

export const REVIEW_LOCK_LOST_DETAIL = msg`This review item is no longer locked to you: its lock expired and another reviewer took it.`
const lockLost = () => new HttpError(410, 'lock_expired', REVIEW_LOCK_LOST_DETAIL)

const inScope = (scope: ReviewScope) => authorInScope(scope, sql`ri.user_id`)
const heldBy = (scope: ReviewScope) => sql`ri.reviewer_id = ${scope.reviewerId} and ${lockHolds}`
/** Graded items the user sees: their own grades; staff every grade of work in scope. */
const gradedBy = (scope: ReviewScope) =>
  scope.everyone
    ? sql`ri.status = 'REVIEWED'`
    : sql`ri.status = 'REVIEWED' and ri.reviewer_id = ${scope.reviewerId}`

const ITEM_ORDER: Record<string, SQL> = {
  id: sql`ri.id`,
  generated: sql`ri.generated_at`,
  locked: sql`ri.locked_at`,
  task: sql`ri.task_id`,
  reviewed: sql`ri.reviewed_at`,
  mark: sql`ri.mark`,
}

/** GET /review/items/: the pool the reviewer may take from. */
export function reviewPool(db: Db, user: SessionUser, query: ReviewItemQuery) {
  const scope = reviewScopeOf(user)
  return listReviewItems(db, {
    where: whereAll([
      inPool,
      inScope(scope),
      query.task_type && sql`t.task_type_id = ${query.task_type}`,
      query.task && sql`ri.task_id = ${query.task}`,
      query.protocol && sql`t.protocol_id = ${query.protocol}`,
      query.base_language && sql`t.base_language_id = ${query.base_language}`,
      query.target_language && sql`t.target_language_id = ${query.target_language}`,
      query.author && sql`ri.user_id = ${query.author}`,
    ]),
    orderBy: orderOf(ITEM_ORDER, query.ordering, sql`ri.id`),
    offset: query.offset,
    limit: query.limit,
  })
}

/** GET /review/locked-items/: what the reviewer holds, oldest lock first. */
export function lockedItems(db: Db, user: SessionUser, query: LockedItemQuery) {
  const scope = reviewScopeOf(user)
  return listFullItems(db, {
    where: whereAll([heldBy(scope), query.task && sql`ri.task_id = ${query.task}`]),
    orderBy: sql`ri.generated_at, ri.id`,
    offset: query.offset,
    limit: query.limit,
  })
}

/** POST /review/locked-items/: locks the next items of the task and answers those held. */
export async function takeReviewItems(db: Db, user: SessionUser, taskId: number) {
  const scope = reviewScopeOf(user)
  await db.transaction(async (tx) => {
    const [task] = await selectRows(tx, sql`select 1 from tasks where id = ${taskId}`)
    if (!task) throw fieldError('task', msg`No such task.`)
    await lockNextItems(tx, scope, taskId)
  })
  return lockedItems(db, user, { task: taskId, offset: 0, limit: Number.MAX_SAFE_INTEGER })
}

/** GET /review/reviewed-items/. */
export function reviewedItems(db: Db, user: SessionUser, query: ReviewedItemQuery) {
  const scope = reviewScopeOf(user)
  return listFullItems(db, {
    where: whereAll([
      gradedBy(scope),
      inScope(scope),
      query.task && sql`ri.task_id = ${query.task}`,
      query.mark !== undefined && sql`ri.mark = ${query.mark}`,
    ]),
    orderBy: orderOf(ITEM_ORDER, query.ordering, sql`ri.id`),
    offset: query.offset,
    limit: query.limit,
  })
}

export async function reviewedItem(db: Db, user: SessionUser, id: number) {
  const scope = reviewScopeOf(user)
  const item = await findFullItem(db, id, sql`${gradedBy(scope)} and ${inScope(scope)}`)
  if (!item) throw notFound(msg`No such reviewed item of yours.`)
  return item
}

const gradeOf = (patch: ReviewPatch) => ({
  mark: patch.mark,
  errorTypes: patch.error_types,
  comment: patch.comment,
})

type ItemHold = NonNullable<Awaited<ReturnType<typeof lockReviewItemRow>>>

/**
 * Writes a grade in a transaction with the review item locked, once `refusal` finds nothing
 * against it (undefined when the author is out of scope).
 */
function gradeItem(
  db: Db,
  user: SessionUser,
  request: { id: number; patch: ReviewPatch; idempotency: IdempotencyScope | null },
  refusal: (row: ItemHold | undefined, scope: ReviewScope) => HttpError | null,
) {
  const scope = reviewScopeOf(user)
  return withIdempotency<ReviewedItem>(db, request.idempotency, async (tx) => {
    const refused = refusal(await lockReviewItemRow(tx, scope, request.id), scope)
    if (refused) throw refused
    return { status: 200, body: await writtenGrade(tx, scope, request.id, request.patch) }
  })
}

/**
 * PATCH /review/locked-items/{id}/: grades an item the reviewer locked. An expired lock still
 * lets its reviewer grade while nobody else has taken the item (work done offline is kept); an
 * item another reviewer took or graded meanwhile answers 410. The reviewer's own graded items
 * can be edited here too, so a card keeps saving after its mark is given.
 */
export function gradeLockedItem(
  db: Db,
  user: SessionUser,
  request: { id: number; patch: ReviewPatch; idempotency: IdempotencyScope | null },
) {
  return gradeItem(db, user, request, (row, scope) => {
    if (!row) return notFound(msg`No such review item.`)
    if (row.reviewer_id !== scope.reviewerId || row.status === 'PENDING') return lockLost()
    return null
  })
}

/** PATCH /review/reviewed-items/{id}/: amends a grade (staff: any grade of work in scope). */
export function amendReview(
  db: Db,
  user: SessionUser,
  request: { id: number; patch: ReviewPatch; idempotency: IdempotencyScope | null },
) {
  return gradeItem(db, user, request, (row, scope) => {
    const mayAmend =
      row?.status === 'REVIEWED' && (scope.everyone || row.reviewer_id === scope.reviewerId)
    return mayAmend ? null : notFound(msg`No such reviewed item of yours.`)
  })
}

async function writtenGrade(db: Db, scope: ReviewScope, id: number, patch: ReviewPatch) {
  await writeGrade(db, id, scope.reviewerId, gradeOf(patch))
  const item = await findFullItem(db, id, sql`true`)
  if (!item) throw new Error(`review item ${id} vanished`)
  return item
}

/** Media of an item the reviewer holds (also once graded, or after the lock ran out). */
export function lockedItemMedia(db: Db, user: SessionUser, params: MediaParams) {
  const scope = reviewScopeOf(user)
  return reviewMedia(
    db,
    sql`ri.reviewer_id = ${scope.reviewerId} and ri.status <> 'PENDING' and ${inScope(scope)}`,
    params,
  )
}

export function reviewedItemMedia(db: Db, user: SessionUser, params: MediaParams) {
  const scope = reviewScopeOf(user)
  return reviewMedia(db, sql`${gradedBy(scope)} and ${inScope(scope)}`, params)
}

/** GET /review/locked-items/count/. */
export async function lockedItemCount(db: Db, user: SessionUser) {
  return { count: await countItems(db, heldBy(reviewScopeOf(user))) }
}
