import * as v from 'valibot'
import { msg } from '#lingui-message'
import { LanguageSchema, LanguageWithSignsSchema } from './auth'
import { IdParamSchema, IdSchema, IsoDateTimeSchema, objectRecord, pagedSchema } from './common'
import { DEFAULT_PAGE_SIZE } from './constants'
import { QualityFlagCountsSchema } from './coordinator'
import { english } from './english-message'
import { ITEM_SET_ORDERING_FIELDS } from './list-params'
import { orderingQuery, searchQuery, textFlag } from './query'
import { FieldNameSchema, type Messages } from './schema-rules'
import { TaskStatusSchema } from './task-intake'
import { StoredTaskSchemaDocumentSchema, WidgetConfigSchema } from './task-schema'

/**
 * The end worker's calls (all under /api/endworker/, endworker permission): the tasks they may
 * work on, taking an item set, the item set itself with its media, the task protocol and its
 * confirmation, annotation saves and finishing a set. Plus the coordinator's item-set list and
 * lock ending (/api/coordinator/item-sets/).
 *
 * Work distribution rules, as the server applies them:
 *
 * - A task is offered when it is IN_PROGRESS, its task type is ACTIVE, the worker belongs to one
 *   of the type's task groups, is not on its blacklist, is on its whitelist when the type has
 *   one, and speaks the task's base language (and its target language too when the task has
 *   settle_target_lang; otherwise the target language is not required). A worker's languages
 *   are their profile's languages, native or not, and their main language.
 * - Share cap: a worker may hold or have annotated at most `max_items_per_user` items of a task
 *   when the task sets it, else max_items_per_user_percent % of its items, rounded up (so every
 *   offered task allows at least one item). A task whose cap the worker reached is not listed,
 *   unless they still have an open item set in it.
 * - One open item set per worker and task: taking work while one is open answers that set.
 * - The lock lasts the task type's custom_itemset_lock_time minutes, or
 *   DEFAULT_ITEM_SET_LOCK_MINUTES.
 * - Dynamic sets get up to items_per_set items that still need annotations (done annotations
 *   plus items locked in other sets below annotations_per_item), never an item the worker
 *   annotated or holds. Under heavy contention a set may get fewer items than items_per_set.
 * - Fixed sets are handed out whole: every item of the next fixed set (in upload order) that
 *   still needs an annotation goes into the worker's set, never split between workers. The
 *   share cap is checked before, so the last fixed set may take a worker past it.
 * - When a lock ends (expiry, or a coordinator ending it) the set keeps its done items; its
 *   other items go back to the pool with their unfinished drafts, and the worker sees only the
 *   done items (`expired: true`). Saving into an expired set answers 410 lock_expired.
 */

export { DEFAULT_ITEM_SET_LOCK_MINUTES } from './constants'

/**
 * The header carrying a client UUID on writes that may be retried (the outbox). The server keeps
 * the first successful answer per user and key for a week and answers it again, with
 * IDEMPOTENT_REPLAY_HEADER 'true', to a retry of the same method, path and body. Failed requests
 * wrote nothing and are not kept, so their retry runs again. The same key on another method,
 * path or body answers 422 idempotency_key_reused.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replay'

/** Details of the refusals the annotation screen explains to the worker (spec section 8). */
export const PROTOCOL_NOT_CONFIRMED_DETAIL = msg`Read and confirm the task protocol first.`
export const LOCK_EXPIRED_DETAIL = msg`The item set expired: refresh or fetch a new one.`
export const TASK_FINISHED_DETAIL = msg`The task already finished: it takes no more work.`
export const QUALITY_STOPPED_DETAIL = msg`Your answers to control items fell below the accuracy this task type asks for: a coordinator must let you back in before you get new work of it.`

// --- Task list --------------------------------------------------------------------------------

const RefSchema = v.object({ id: IdSchema, name: v.string() })

export const WorkerProtocolRefSchema = v.object({
  id: IdSchema,
  name: v.string(),
  version: v.number(),
  /** Whether the worker confirmed reading this version. */
  read: v.boolean(),
})

export const OpenItemSetRefSchema = v.object({
  id: IdSchema,
  lock_expiration_timestamp: IsoDateTimeSchema,
})

/** Why a worker may get no new item sets of a task they see. */
export const WORKER_STOP_REASONS = ['LOW_QUALITY'] as const
export type WorkerStopReason = (typeof WORKER_STOP_REASONS)[number]

export const WorkerTaskSchema = v.object({
  id: IdSchema,
  description: v.string(),
  task_type: RefSchema,
  base_language: LanguageSchema,
  target_language: LanguageSchema,
  settle_target_lang: v.boolean(),
  /**
   * The task's audio is protected (clear-key encrypted): a browser without clear-key playback
   * cannot play it, so the task card warns before work is taken.
   */
  encrypt_audio: v.boolean(),
  protocol: WorkerProtocolRefSchema,
  items_total: v.number(),
  /** Items the worker could be given now: they still need annotations, and not from them. */
  items_available_for_me: v.number(),
  /** The worker's done annotations in the task. */
  my_done: v.number(),
  /** Percent of the task's annotations done, 0 to 100. */
  progress: v.number(),
  my_open_item_set: v.nullable(OpenItemSetRefSchema),
  /**
   * Why the worker gets no new item sets of the task (the set they hold stays theirs), null when
   * nothing stops them: LOW_QUALITY when the quality gate stopped them, with the accuracy (0 to
   * 1) that did.
   */
  stop: v.nullable(v.object({ reason: v.picklist(WORKER_STOP_REASONS), accuracy: v.number() })),
})
export type WorkerTask = v.InferOutput<typeof WorkerTaskSchema>

/** Every task the worker may work on, in one page (next and previous are null). */
export const WorkerTaskListSchema = pagedSchema(WorkerTaskSchema)

// --- Item set ---------------------------------------------------------------------------------

const MessagesSchema = v.record(v.string(), v.array(v.string()))

/**
 * Annotation state as the annotation screen shows it (spec section 4): none yet is initialized,
 * being validated is processing, one with validation errors is validation_error, any other
 * stored annotation is saved. Errors never block a save: they are stored and shown.
 */
export const ANNOTATION_STATUSES = [
  'initialized',
  'saved',
  'processing',
  'validation_error',
] as const
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number]

export function annotationStatus(
  annotation: { is_validating: boolean; errors: Messages } | null,
): AnnotationStatus {
  if (!annotation) return 'initialized'
  if (annotation.is_validating) return 'processing'
  return Object.keys(annotation.errors).length > 0 ? 'validation_error' : 'saved'
}

/** An audio or image value: the media uuid, and for audio whether it was played to the end. */
export const MediaValueSchema = v.strictObject({
  uuid: v.pipe(v.string(), v.uuid()),
  audio_played_to_end: v.optional(v.boolean()),
})

export const AnnotationValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(100_000)),
  v.pipe(v.number(), v.finite()),
  v.boolean(),
  MediaValueSchema,
])
export type AnnotationValue = v.InferOutput<typeof AnnotationValueSchema>

export const WorkerAnnotationSchema = v.object({
  id: IdSchema,
  data: v.record(v.string(), v.unknown()),
  is_done: v.boolean(),
  is_validating: v.boolean(),
  errors: MessagesSchema,
  warnings: MessagesSchema,
  info: MessagesSchema,
  status: v.picklist(ANNOTATION_STATUSES),
  /** The client's time of the stored edit; null for annotations not written by a client. */
  client_updated_at: v.nullable(IsoDateTimeSchema),
})
export type WorkerAnnotation = v.InferOutput<typeof WorkerAnnotationSchema>

/** One widget: an item field (with the item's value) or an annotation field (with its value). */
export const WorkerCellSchema = v.object({
  name: v.string(),
  source: v.picklist(['item', 'annotation']),
  data: v.unknown(),
  config: WidgetConfigSchema,
  colWidth: v.number(),
  colOffset: v.number(),
})

/** A row of the schema's grid (contract/task-schema.ts layoutRows), hidden rows included. */
export const WorkerRowSchema = v.object({ row: v.number(), cells: v.array(WorkerCellSchema) })

export const WorkerItemSchema = v.object({
  id: IdSchema,
  task_id: IdSchema,
  data: v.record(v.string(), v.unknown()),
  annotation: v.nullable(WorkerAnnotationSchema),
  rows: v.array(WorkerRowSchema),
})
export type WorkerItem = v.InferOutput<typeof WorkerItemSchema>

export const WorkerItemSetSchema = v.object({
  id: IdSchema,
  task: v.object({
    id: IdSchema,
    description: v.string(),
    status: TaskStatusSchema,
    base_language: LanguageWithSignsSchema,
    target_language: LanguageWithSignsSchema,
    /** Its audio is protected: played through the manifest and the licence call. */
    encrypt_audio: v.boolean(),
  }),
  lock_expiration_timestamp: IsoDateTimeSchema,
  /** The lock ended: only the done items are listed, and nothing can be saved. */
  expired: v.boolean(),
  items: v.array(WorkerItemSchema),
  items_count: v.number(),
  done_items_count: v.number(),
  /** The task's pinned schema version. */
  schema: StoredTaskSchemaDocumentSchema,
  protocol: v.object({
    ...WorkerProtocolRefSchema.entries,
    serving_type: v.picklist(['PDF', 'TXT']),
  }),
})
export type WorkerItemSet = v.InferOutput<typeof WorkerItemSetSchema>

export const TaskIdParamsSchema = v.object({ taskId: IdParamSchema })
export const ItemSetIdParamsSchema = v.object({ itemSetId: IdParamSchema })
export const ItemSetItemParamsSchema = v.object({
  itemSetId: IdParamSchema,
  itemId: IdParamSchema,
})
export const ItemSetMediaParamsSchema = v.object({
  itemSetId: IdParamSchema,
  itemId: IdParamSchema,
  uuid: v.pipe(v.string(), v.uuid(english(msg`must be a media uuid`))),
})

// --- Annotation save --------------------------------------------------------------------------

/**
 * PUT /endworker/item-sets/{itemSetId}/items/{itemId}/annotation/ with an Idempotency-Key.
 * `data` holds annotation fields by name; an audio field of the item may also be given, as its
 * media value with audio_played_to_end. Any other name is refused (400).
 */
export const AnnotationSaveSchema = v.strictObject({
  data: v.pipe(
    objectRecord(FieldNameSchema, AnnotationValueSchema),
    v.check((data) => Object.keys(data).length <= 200, english(msg`At most 200 fields.`)),
  ),
  is_done: v.boolean(),
  /** When the worker made this edit; the newest edit wins whatever order saves arrive in. */
  client_updated_at: IsoDateTimeSchema,
})
export type AnnotationSave = v.InferOutput<typeof AnnotationSaveSchema>

export const AnnotationSaveResultSchema = v.object({
  ...WorkerAnnotationSchema.entries,
  item_id: IdSchema,
  item_set_id: IdSchema,
  /** False when a newer edit was stored already: the stored annotation is answered unchanged. */
  applied: v.boolean(),
})
export type AnnotationSaveResult = v.InferOutput<typeof AnnotationSaveResultSchema>

// --- Finishing a set --------------------------------------------------------------------------

/**
 * POST /endworker/item-sets/{itemSetId}/finish/ (no body; an Idempotency-Key makes a retry answer
 * the first answer): the worker ends their own set's lock once every item in it is done, so the
 * task offers them work again at once instead of when the lock runs out. Done items stay done;
 * anything else the set still held goes back to the pool, as at any lock end.
 *
 * - Only the set's worker may finish it: any other set answers 404.
 * - An item of the set not done yet answers 409 conflict, and nothing changes: the worker's saves
 *   still on their way are applied first, and a set is never ended with work the worker meant
 *   to hand in missing.
 * - A lock that already ended (expired, ended by a coordinator, finished before) answers 200 with
 *   `already_ended: true` and the time it ended: finishing is idempotent.
 * - Finishing does not depend on the task's status: a set of a finished task may be ended too.
 */
export const ItemSetFinishResultSchema = v.object({
  id: IdSchema,
  task_id: IdSchema,
  /** When the lock ended: now, or the earlier end of a lock that had already ended. */
  lock_expiration_timestamp: IsoDateTimeSchema,
  /** The lock had ended before this request: nothing changed. */
  already_ended: v.boolean(),
  done_items_count: v.number(),
})
export type ItemSetFinishResult = v.InferOutput<typeof ItemSetFinishResultSchema>

// --- Protocols --------------------------------------------------------------------------------

export const WorkerProtocolParamsSchema = v.object({ id: IdParamSchema })

/** GET /endworker/protocols/{id}/ (?serve=true answers the PDF of a PDF protocol). */
export const WorkerProtocolQuerySchema = v.object({
  serve: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], english(msg`must be 'true' or 'false'`)),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
})

export const WorkerProtocolViewSchema = v.object({
  id: IdSchema,
  name: v.string(),
  version: v.number(),
  serving_type: v.picklist(['PDF', 'TXT']),
  /** Markdown of a TXT protocol; empty for a PDF, which is fetched with ?serve=true. */
  content: v.string(),
  diff: v.nullable(v.string()),
  /** Whether the diff is still offered (the protocol's show_changes_days have not passed). */
  show_changes: v.boolean(),
  created_timestamp: IsoDateTimeSchema,
  read: v.boolean(),
  read_timestamp: v.nullable(IsoDateTimeSchema),
})
export type WorkerProtocolView = v.InferOutput<typeof WorkerProtocolViewSchema>

/** POST /endworker/protocols/{id}/confirm/: confirming again keeps the first time. */
export const ProtocolConfirmResultSchema = v.object({
  protocol_id: IdSchema,
  read: v.literal(true),
  read_timestamp: IsoDateTimeSchema,
})
export type ProtocolConfirmResult = v.InferOutput<typeof ProtocolConfirmResultSchema>

// --- Coordinator item sets --------------------------------------------------------------------

export const COORDINATOR_ITEM_SETS_MAX_PAGE_SIZE = 100

const queryNumber = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,8}$/, english(msg`must be a positive whole number`)),
  v.transform(Number),
)

/**
 * GET /coordinator/item-sets/: sets handed to the workers the coordinator coordinates (staff:
 * every worker), newest first unless ordered otherwise.
 */
export const CoordinatorItemSetQuerySchema = v.object({
  /** Part of the username, first or last name, or task description (any case), or the set id. */
  search: searchQuery,
  /** Members of this coordination group and of the groups it manages. */
  coordination_group: v.optional(queryNumber),
  /** 'true': only sets with flagged done work (contract/quality.ts); 'false': only sets without. */
  flagged: v.optional(textFlag),
  ordering: orderingQuery(ITEM_SET_ORDERING_FIELDS, '-created'),
  page: v.optional(queryNumber, '1'),
  page_size: v.optional(
    v.pipe(
      queryNumber,
      v.maxValue(
        COORDINATOR_ITEM_SETS_MAX_PAGE_SIZE,
        english(msg({ message: 'must be at most {max}' }), {
          max: COORDINATOR_ITEM_SETS_MAX_PAGE_SIZE,
        }),
      ),
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
})
export type CoordinatorItemSetQuery = v.InferOutput<typeof CoordinatorItemSetQuerySchema>

export const CoordinatorItemSetSchema = v.object({
  id: IdSchema,
  task: v.object({ id: IdSchema, description: v.string() }),
  user: v.object({
    id: IdSchema,
    username: v.string(),
    first_name: v.string(),
    last_name: v.string(),
  }),
  items_done: v.number(),
  items_all: v.number(),
  /** Percent of the set's items done, 0 to 100. */
  progress: v.number(),
  created_timestamp: IsoDateTimeSchema,
  modified_timestamp: IsoDateTimeSchema,
  lock_expiration_timestamp: IsoDateTimeSchema,
  /** Whether the lock still holds. */
  is_locked: v.boolean(),
  /** Done items of the set carrying any quality flag, and how many carry each. */
  flagged_items: v.number(),
  flags: QualityFlagCountsSchema,
})
export type CoordinatorItemSet = v.InferOutput<typeof CoordinatorItemSetSchema>

export const CoordinatorItemSetListSchema = pagedSchema(CoordinatorItemSetSchema)

/**
 * PATCH /coordinator/item-sets/{id}/: ends the lock. Only now or an earlier time is accepted (a
 * minute of clock difference is tolerated and stored as the server's now); the set's unfinished
 * items go back to the pool at once.
 */
export const CoordinatorItemSetPatchSchema = v.strictObject({
  lock_expiration_timestamp: IsoDateTimeSchema,
})
