import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  cascadeRef,
  createdAt,
  identityId,
  oneOf,
  optionalTimestamp,
  restrictRef,
  setNullRef,
  textLiterals,
} from './columns'
import {
  REVIEW_ERROR_TYPES,
  REVIEW_ITEM_STATUSES,
  type ReviewErrorType,
  type ReviewItemStatus,
} from './enums'
import { users } from './identity'
import { annotations, items, tasks } from './tasks'

/** A done annotation drawn for review, then locked by a reviewer and graded. */
export const reviewItems = pgTable(
  'review_items',
  {
    id: identityId(),
    itemId: cascadeRef(() => items.id),
    annotationId: cascadeRef(() => annotations.id),
    taskId: cascadeRef(() => tasks.id),
    /** The annotation's author, who sees the outcome as feedback. */
    userId: restrictRef(() => users.id),
    reviewerId: setNullRef(() => users.id),
    status: text().$type<ReviewItemStatus>().notNull().default('PENDING'),
    generatedAt: createdAt(),
    lockedAt: optionalTimestamp(),
    reviewedAt: optionalTimestamp(),
    /** -1 skipped, 0 not graded yet, 1 (bad) to 5 (excellent). */
    mark: smallint().notNull().default(0),
    errorTypes: text().$type<ReviewErrorType>().array().notNull().default(sql`'{}'::text[]`),
    comment: text().notNull().default(''),
    isBonus: boolean().notNull().default(false),
    /**
     * Drawn only because the annotation carried quality flags (server/modules/quality): while
     * nobody has taken it, it is withdrawn again when a late activity sample clears the flags.
     */
    drawnForFlags: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('review_items_annotation_key').on(t.annotationId),
    index('review_items_task_status_idx').on(t.taskId, t.status, t.generatedAt),
    index('review_items_reviewer_status_idx').on(t.reviewerId, t.status),
    // The pool and the locked items in the reviewers' order: a page is read off the index in
    // order (no sort of the whole pool), and counting the pool never touches graded items.
    index('review_items_unreviewed_idx')
      .on(t.taskId, t.generatedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.status} <> 'REVIEWED'`),
    index('review_items_user_reviewed_idx').on(t.userId, t.reviewedAt),
    check('review_items_status_check', oneOf(t.status, REVIEW_ITEM_STATUSES)),
    check('review_items_mark_check', sql`${t.mark} between -1 and 5`),
    check(
      'review_items_error_types_check',
      sql`${t.errorTypes} <@ array[${textLiterals(REVIEW_ERROR_TYPES)}]::text[]`,
    ),
  ],
)
