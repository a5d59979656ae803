import * as v from 'valibot'
import { msg } from '#lingui-message'
import { LanguageSchema } from './auth'
import {
  MAX_PAGE_SIZE,
  NamedRefSchema,
  PageQueryEntries,
  TaskRefSchema,
} from './client-definitions'
import { ClientGroupSchema } from './client-groups'
import { IdParamSchema, IdSchema, pagedSchema, wholeNumberText } from './common'
import { english } from './english-message'
import { orderingQuery } from './query'
import { TaskSchemaDocumentSchema } from './task-schema'

/**
 * Review and feedback (the spec's /review/* calls). A done annotation of a task whose task type
 * has review enabled is drawn for review (see the draw in server/db/migrations/0002_review_draw.sql),
 * locked by a reviewer for REVIEW_LOCK_MINUTES, graded, and shown to its worker as feedback.
 */

// --- Constants (spec sections 4 and 9) --------------------------------------------------------

/** The review list shows this many rows; taking work locks at most this many items. */
export const REVIEW_LIST_SIZE = 15
export const REVIEW_COMMENT_DEBOUNCE_MS = 300
/**
 * How long a review item stays locked to the reviewer who took it. An expired lock returns the
 * item to the pool; its reviewer may still grade it while nobody else has taken it.
 */
export const REVIEW_LOCK_MINUTES = 60
export const REVIEW_COMMENT_MAX_LENGTH = 5000
/** The MOS gets a 95 % confidence interval from this many marks on. */
export const MOS_INTERVAL_MIN_MARKS = 5

export const REVIEW_ITEM_STATUSES = ['PENDING', 'LOCKED', 'REVIEWED'] as const
export type ReviewItemStatus = (typeof REVIEW_ITEM_STATUSES)[number]

/** SKIPPED -1, CREATED 0 (not graded yet), BAD 1 to EXCELLENT 5. */
export const REVIEW_MARK = {
  SKIPPED: -1,
  CREATED: 0,
  BAD: 1,
  POOR: 2,
  GOOD: 3,
  VERY_GOOD: 4,
  EXCELLENT: 5,
} as const
/** The marks a reviewer can give, in the order the selector shows them. */
export const GIVEN_MARKS = [1, 2, 3, 4, 5, -1] as const
export type GivenMark = (typeof GIVEN_MARKS)[number]
/** The stored marks: the given ones and 0, not graded yet. */
export type ReviewMark = GivenMark | 0

/** The spec's mark colours: bad danger, poor warning, good success, very good info, excellent primary. */
export const MARK_COLOURS = {
  1: 'danger',
  2: 'warning',
  3: 'success',
  4: 'info',
  5: 'primary',
} as const

/** The error types in the spec's display order. */
export const REVIEW_ERROR_TYPES = [
  'LEXICAL',
  'GRAMMATICAL',
  'SPELLING',
  'AMBIGUOUS_PROTOCOL',
  'PROTOCOL_LACK_OF_CONTEXT',
  'PROTOCOL_NOT_FOLLOWED',
  'OTHER',
  'MISSING_ANNOTATION',
  'IMPOSSIBLE_TO_REVIEW',
  'WRONG_DATA',
  'GENERAL_GUIDE_NOT_FOLLOWED',
] as const
export type ReviewErrorType = (typeof REVIEW_ERROR_TYPES)[number]

// --- Shared shapes ---------------------------------------------------------------------------

const TimestampSchema = v.string()
const NullableTimestampSchema = v.nullable(v.string())

export const ReviewProtocolSchema = v.object({
  id: IdSchema,
  name: v.string(),
  version: v.number(),
  created_timestamp: TimestampSchema,
})
export type ReviewProtocol = v.InferOutput<typeof ReviewProtocolSchema>

export const ReviewLanguagesSchema = v.object({ base: LanguageSchema, target: LanguageSchema })

export const ReviewTaskTypeSchema = v.object({
  id: IdSchema,
  name: v.string(),
  client_group: ClientGroupSchema,
})

export const ReviewerSchema = v.object({
  id: IdSchema,
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
})
export type Reviewer = v.InferOutput<typeof ReviewerSchema>

const MarkSchema = v.picklist([-1, 0, 1, 2, 3, 4, 5])

/** The task of a review item; `encrypt_audio`: its audio is protected (clear-key encrypted). */
export const ReviewItemTaskSchema = v.object({
  ...TaskRefSchema.entries,
  encrypt_audio: v.boolean(),
})

/** A review item as the pool lists it. */
export const ReviewItemSchema = v.object({
  id: IdSchema,
  item_id: IdSchema,
  annotation_id: IdSchema,
  status: v.picklist(REVIEW_ITEM_STATUSES),
  generated_timestamp: TimestampSchema,
  protocol: ReviewProtocolSchema,
  user_id: IdSchema,
  task: ReviewItemTaskSchema,
  languages: ReviewLanguagesSchema,
  locked_timestamp: NullableTimestampSchema,
  is_bonus: v.boolean(),
  reviewer: v.nullable(ReviewerSchema),
})
export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>

/**
 * A review item with what a review card shows: the item, the annotation, the schema to render
 * them, and the grade so far. Locked, reviewed and feedback items all have this shape.
 */
export const ReviewedItemSchema = v.object({
  ...ReviewItemSchema.entries,
  mark: MarkSchema,
  error_types: v.array(v.picklist(REVIEW_ERROR_TYPES)),
  comment: v.string(),
  reviewed_timestamp: NullableTimestampSchema,
  /** When the reviewer's lock ends; null once reviewed. */
  lock_expiration_timestamp: NullableTimestampSchema,
  /** When the annotation was last finished: the feedback list's 'Annotation edition'. */
  annotation_timestamp: NullableTimestampSchema,
  item_data: v.record(v.string(), v.unknown()),
  annotation_data: v.record(v.string(), v.unknown()),
  schema: TaskSchemaDocumentSchema,
})
export type ReviewedItem = v.InferOutput<typeof ReviewedItemSchema>

export const ReviewItemListSchema = pagedSchema(ReviewItemSchema)
export const ReviewedItemListSchema = pagedSchema(ReviewedItemSchema)
export type ReviewedItemList = v.InferOutput<typeof ReviewedItemListSchema>

// --- Queries ---------------------------------------------------------------------------------

const queryId = v.optional(
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, english(msg`must be an id`)), v.transform(Number)),
)
const queryMark = v.optional(
  v.pipe(
    v.picklist(['-1', '0', '1', '2', '3', '4', '5'], english(msg`must be -1 or 0 to 5`)),
    v.transform(Number),
  ),
)
const queryCount = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, english(msg`must be a whole number`)),
    v.transform(Number),
  ),
)

export const REVIEW_ITEM_ORDERING_FIELDS = ['id', 'generated', 'locked', 'task'] as const
export const REVIEWED_ITEM_ORDERING_FIELDS = ['id', 'generated', 'reviewed', 'mark'] as const

/**
 * GET /review/items/: the pool of review items the reviewer may take. It pages by `offset` and
 * `limit`, or by the spec's `page` (from 1) of `page_size` items (`limit` when no page_size is
 * given), the way /coordinator/item-sets/ pages; `page` with a non-zero `offset` is refused.
 */
export const ReviewItemQuerySchema = v.pipe(
  v.object({
    task_type: queryId,
    task: queryId,
    protocol: queryId,
    base_language: queryId,
    target_language: queryId,
    author: queryId,
    ordering: orderingQuery(REVIEW_ITEM_ORDERING_FIELDS, 'generated'),
    ...PageQueryEntries,
    page: v.optional(wholeNumberText(1, Number.MAX_SAFE_INTEGER)),
    page_size: v.optional(wholeNumberText(1, MAX_PAGE_SIZE)),
  }),
  v.forward(
    v.check(
      (query) => query.page === undefined || query.offset === 0,
      english(msg`give either page or offset, not both`),
    ),
    ['page'],
  ),
  v.transform(({ page_size, ...query }) => {
    if (query.page === undefined) return query
    const limit = page_size ?? query.limit
    return { ...query, limit, offset: (query.page - 1) * limit }
  }),
)
export type ReviewItemQuery = v.InferOutput<typeof ReviewItemQuerySchema>

/** GET /review/locked-items/: the caller's locked items, oldest first. */
export const LockedItemQuerySchema = v.object({
  task: queryId,
  offset: PageQueryEntries.offset,
  limit: v.optional(PageQueryEntries.limit.wrapped, String(REVIEW_LIST_SIZE)),
})
export type LockedItemQuery = v.InferOutput<typeof LockedItemQuerySchema>

/** GET /review/reviewed-items/: what the caller graded (staff: everything graded). */
export const ReviewedItemQuerySchema = v.object({
  task: queryId,
  mark: queryMark,
  ordering: orderingQuery(REVIEWED_ITEM_ORDERING_FIELDS, '-reviewed'),
  ...PageQueryEntries,
})
export type ReviewedItemQuery = v.InferOutput<typeof ReviewedItemQuerySchema>

/** GET /review/feedback/items/: the worker's reviewed annotations. */
export const FeedbackItemQuerySchema = v.object({
  task: queryId,
  protocol: queryId,
  reviewer: queryId,
  mark: queryMark,
  ordering: orderingQuery(REVIEWED_ITEM_ORDERING_FIELDS, '-reviewed'),
  ...PageQueryEntries,
})
export type FeedbackItemQuery = v.InferOutput<typeof FeedbackItemQuerySchema>

export const REVIEW_TASK_ORDERING_FIELDS = [
  'id',
  'pending_count',
  'available_count',
  'locked_count',
  'reviewed_count',
  'oldest_pending',
  'latest_reviewed',
] as const
export type ReviewTaskOrderingField = (typeof REVIEW_TASK_ORDERING_FIELDS)[number]

const taskFilterEntries = {
  client_group: queryId,
  task_type: queryId,
  protocol: queryId,
  base_language: queryId,
  target_language: queryId,
}

/** GET /review/tasks/: tasks with review items the reviewer may see. */
export const ReviewTaskQuerySchema = v.object({
  ...taskFilterEntries,
  pending_count__gt: queryCount,
  available_count__gt: queryCount,
  locked_count__gt: queryCount,
  reviewed_count__gt: queryCount,
  ordering: orderingQuery(REVIEW_TASK_ORDERING_FIELDS, 'oldest_pending'),
  ...PageQueryEntries,
})
export type ReviewTaskQuery = v.InferOutput<typeof ReviewTaskQuerySchema>

/** GET /review/feedback/tasks/: tasks in which the worker has reviewed annotations. */
export const FeedbackTaskQuerySchema = v.object({
  ...taskFilterEntries,
  ordering: orderingQuery(['id', 'reviewed_count', 'latest_reviewed'], '-latest_reviewed'),
  ...PageQueryEntries,
})
export type FeedbackTaskQuery = v.InferOutput<typeof FeedbackTaskQuerySchema>

/** OPTIONS /review/feedback/items/ takes the task whose filter choices it answers. */
export const FeedbackItemOptionsQuerySchema = v.object({ task: queryId })

export const ReviewIdParamsSchema = v.object({ id: IdParamSchema })
export const ReviewMediaParamsSchema = v.object({
  id: IdParamSchema,
  itemId: IdParamSchema,
  uuid: v.pipe(v.string(), v.uuid(english(msg`must be a media uuid`))),
})

// --- Writes ----------------------------------------------------------------------------------

/** POST /review/locked-items/: lock the next review items of this task for the caller. */
export const LockRequestSchema = v.object({ task: IdSchema })

const CommentSchema = v.pipe(
  v.string(english(msg`must be text`)),
  v.maxLength(
    REVIEW_COMMENT_MAX_LENGTH,
    english(msg({ message: 'must be at most {max} characters' }), {
      max: REVIEW_COMMENT_MAX_LENGTH,
    }),
  ),
  v.check((text) => !text.includes('\u0000'), english(msg`must not contain NUL characters`)),
  v.check(
    (text) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text),
    english(msg`must not contain lone surrogates`),
  ),
)

/** PATCH of a locked or reviewed item: only the fields that changed. */
export const ReviewPatchSchema = v.pipe(
  v.strictObject({
    mark: v.optional(v.picklist(GIVEN_MARKS, english(msg`must be -1 (skip) or 1 to 5`))),
    error_types: v.optional(
      v.pipe(
        v.array(
          v.picklist(
            REVIEW_ERROR_TYPES,
            english(msg({ message: 'must be among {choices}' }), {
              choices: REVIEW_ERROR_TYPES.join(', '),
            }),
          ),
        ),
        v.maxLength(REVIEW_ERROR_TYPES.length),
      ),
    ),
    comment: v.optional(CommentSchema),
  }),
  v.check(
    (patch) => Object.keys(patch).length > 0,
    english(msg`Give at least one of mark, error_types, comment.`),
  ),
)
export type ReviewPatch = v.InferOutput<typeof ReviewPatchSchema>

// --- Tasks, stats and filter choices ---------------------------------------------------------

export const ReviewTaskSchema = v.object({
  id: IdSchema,
  description: v.string(),
  /** The task's audio is protected: a browser without clear-key playback cannot play it. */
  encrypt_audio: v.boolean(),
  task_type: ReviewTaskTypeSchema,
  languages: ReviewLanguagesSchema,
  protocol: ReviewProtocolSchema,
  pending_count: v.number(),
  available_count: v.number(),
  locked_count: v.number(),
  reviewed_count: v.number(),
  oldest_pending_timestamp: NullableTimestampSchema,
  latest_reviewed_timestamp: NullableTimestampSchema,
})
export type ReviewTask = v.InferOutput<typeof ReviewTaskSchema>
export const ReviewTaskListSchema = pagedSchema(ReviewTaskSchema)

export const FeedbackTaskSchema = v.object({
  id: IdSchema,
  description: v.string(),
  encrypt_audio: v.boolean(),
  task_type: ReviewTaskTypeSchema,
  languages: ReviewLanguagesSchema,
  protocol: ReviewProtocolSchema,
  reviewed_count: v.number(),
  latest_reviewed_timestamp: NullableTimestampSchema,
})
export type FeedbackTask = v.InferOutput<typeof FeedbackTaskSchema>
export const FeedbackTaskListSchema = pagedSchema(FeedbackTaskSchema)

export const CountSchema = v.object({ count: v.number() })

/** A mean opinion score over graded marks (skips left out), with its 95 % interval. */
export const MosSchema = v.object({
  mean: v.nullable(v.number()),
  count: v.number(),
  /** Null below MOS_INTERVAL_MIN_MARKS marks. */
  ci95: v.nullable(v.object({ low: v.number(), high: v.number() })),
})
export type Mos = v.InferOutput<typeof MosSchema>

export const FeedbackStatsSchema = v.object({
  mos: v.nullable(v.number()),
  mos_30d: v.nullable(v.number()),
  done_annotations_count: v.number(),
  reviewed_annotations_count: v.number(),
  mos_detail: MosSchema,
  mos_30d_detail: MosSchema,
})
export type FeedbackStats = v.InferOutput<typeof FeedbackStatsSchema>

export const ReviewGroupSchema = v.object({
  id: IdSchema,
  name: v.string(),
  /** The groups whose work the review group reviews. */
  reviewed_groups: v.array(NamedRefSchema),
})
export const ReviewerStatsSchema = v.object({
  available_review_items: v.number(),
  locked_review_items: v.number(),
  reviewer_in: v.array(ReviewGroupSchema),
})
export type ReviewerStats = v.InferOutput<typeof ReviewerStatsSchema>

const VersionChoiceSchema = v.object({ id: IdSchema, name: v.string(), version: v.number() })

export const ReviewTaskOptionsSchema = v.object({
  client_groups: v.array(ClientGroupSchema),
  task_types: v.array(NamedRefSchema),
  protocols: v.array(VersionChoiceSchema),
  languages: v.array(LanguageSchema),
})
export type ReviewTaskOptions = v.InferOutput<typeof ReviewTaskOptionsSchema>

export const ReviewItemOptionsSchema = v.object({
  ...ReviewTaskOptionsSchema.entries,
  tasks: v.array(TaskRefSchema),
})

export const ReviewedItemOptionsSchema = v.object({
  tasks: v.array(TaskRefSchema),
  marks: v.array(v.picklist(GIVEN_MARKS)),
})

export const FeedbackItemOptionsSchema = v.object({
  protocols: v.array(VersionChoiceSchema),
  reviewers: v.array(ReviewerSchema),
  marks: v.array(v.picklist(GIVEN_MARKS)),
})
export type FeedbackItemOptions = v.InferOutput<typeof FeedbackItemOptionsSchema>
