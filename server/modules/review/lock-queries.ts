import { sql } from 'drizzle-orm'
import { REVIEW_LIST_SIZE } from '../../../contract/review'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { inPool, lockHolds } from './lock-state'
import { authorInScope, type ReviewScope } from './scope'

/**
 * Locks review items of the task for the reviewer, up to REVIEW_LIST_SIZE held at once: the
 * reviewer's own locks that still hold are renewed, then the oldest items of the pool fill the
 * rest. Rows another transaction is locking are skipped, so concurrent reviewers never get the
 * same item; an item whose lock expired is back in the pool for anyone.
 */
export async function lockNextItems(db: Db, scope: ReviewScope, taskId: number): Promise<void> {
  const [held] = await selectRows<{ count: number }>(
    db,
    sql`with renewed as (
      update review_items ri set locked_at = now()
      where ri.task_id = ${taskId} and ri.reviewer_id = ${scope.reviewerId} and ${lockHolds}
      returning 1)
    select count(*)::int as count from renewed`,
  )
  const wanted = REVIEW_LIST_SIZE - (held?.count ?? 0)
  if (wanted <= 0) return
  await db.execute(sql`
    update review_items set status = 'LOCKED', reviewer_id = ${scope.reviewerId}, locked_at = now()
    where id in (
      select ri.id from review_items ri
      where ri.task_id = ${taskId} and ${inPool} and ${authorInScope(scope, sql`ri.user_id`)}
      order by ri.generated_at, ri.id
      limit ${wanted}
      for update skip locked)`)
}

export type GradeWrite = {
  mark?: number
  errorTypes?: string[]
  comment?: string
}

/** The review item locked FOR UPDATE, with who holds it, when the author is in scope. */
export async function lockReviewItemRow(db: Db, scope: ReviewScope, id: number) {
  const [row] = await selectRows<{ status: string; reviewer_id: number | null; mark: number }>(
    db,
    sql`select ri.status, ri.reviewer_id, ri.mark from review_items ri
      where ri.id = ${id} and ${authorInScope(scope, sql`ri.user_id`)}
      for update`,
  )
  return row
}

/**
 * Writes the given parts of a grade. A graded item (mark other than 0) is REVIEWED at this
 * moment; an item whose mark is still 0 stays locked, its lock renewed.
 */
export async function writeGrade(db: Db, id: number, reviewerId: number, grade: GradeWrite) {
  const mark = grade.mark ?? null
  // The error types are contract names (no commas or quotes): an array literal carries them.
  const errorTypes = grade.errorTypes ? `{${grade.errorTypes.join(',')}}` : null
  await db.execute(sql`
    update review_items ri set
      mark = coalesce(${mark}::smallint, ri.mark),
      error_types = coalesce(${errorTypes}::text[], ri.error_types),
      comment = coalesce(${grade.comment ?? null}::text, ri.comment),
      reviewer_id = ${reviewerId},
      status = case when coalesce(${mark}::smallint, ri.mark) <> 0 then 'REVIEWED'
        else ri.status end,
      reviewed_at = case when coalesce(${mark}::smallint, ri.mark) <> 0 then now()
        else ri.reviewed_at end,
      locked_at = case when coalesce(${mark}::smallint, ri.mark) = 0 then now()
        else ri.locked_at end
    where ri.id = ${id}`)
}
