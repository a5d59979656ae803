import * as v from 'valibot'
import { msg } from '#lingui-message'
import { LanguageSchema } from './auth'
import { TASK_TYPE_STATUSES } from './client-definitions'
import { ClientGroupSchema } from './client-groups'
import {
  DB_INTEGER_MAX,
  FreeJsonObjectSchema,
  IdParamSchema,
  IdSchema,
  objectOnly,
  objectRecord,
  pagedSchema,
  wholeNumber,
} from './common'
import { DEFAULT_PAGE_SIZE } from './constants'
import { english } from './english-message'
import {
  ANNOTATION_ORDERING_FIELDS,
  METADATA_FILTER_PREFIX,
  TASK_ORDERING_FIELDS,
} from './list-params'
import { isoMomentSchema, orderingQuery, searchQuery, textFlag, textMoment } from './query'
import { FieldNameSchema } from './schema-rules'
import {
  TASK_STATUSES,
  TaskDescriptionSchema,
  TaskMetadataSchema,
  type TaskStatus,
  TaskStatusSchema,
} from './task-intake'
import { AnnotationValueSchema } from './worker'

/**
 * The client's monitoring and export calls: the tasks list (Active, Archived, Overview), the task
 * panel (counters, stats, settings, edit, delete, bulk edits, clone), the fake-task preview, the
 * annotations explorer and result export (dump_async). All paths are under /api/client/.
 */

export const CLIENT_LIST_MAX_PAGE_SIZE = 100

/**
 * Task status changes a client may make (PATCH status, alone or in a bulk update):
 *
 * - start:     CREATED → IN_PROGRESS (sets the start timestamp the first time)
 * - pause:     IN_PROGRESS → PAUSED
 * - resume:    PAUSED → IN_PROGRESS
 * - finish:    IN_PROGRESS | PAUSED → FINISHED (sets the end timestamp)
 * - archive:   FINISHED → ARCHIVED
 * - unarchive: ARCHIVED → FINISHED
 *
 * PROCESSING belongs to the server while an upload is read: a PROCESSING task refuses every edit
 * with 409, and no task can be set to PROCESSING or back to CREATED (400). Any other change is a
 * 400 naming the current status and the statuses it may go to. Asking for the status a task
 * already has changes nothing and is not an error, so a repeated request (or a bulk update over
 * tasks partly changed already) succeeds.
 */
export const TASK_STATUS_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  CREATED: ['IN_PROGRESS'],
  PROCESSING: [],
  IN_PROGRESS: ['PAUSED', 'FINISHED'],
  PAUSED: ['IN_PROGRESS', 'FINISHED'],
  FINISHED: ['ARCHIVED'],
  ARCHIVED: ['FINISHED'],
}

export function canChangeTaskStatus(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_STATUS_TRANSITIONS[from].includes(to)
}

// Query strings arrive as text: these turn them into typed values with clear messages.
const queryId = IdParamSchema
const queryStatuses = v.pipe(
  v.string(),
  v.transform((value) => value.split(',').map((status) => status.trim())),
  v.array(
    v.picklist(
      TASK_STATUSES,
      english(msg({ message: 'must be a comma list of {choices}' }), {
        choices: TASK_STATUSES.join(', '),
      }),
    ),
  ),
)
const offsetField = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, english(msg`must be a whole number`)),
    v.transform(Number),
  ),
  '0',
)
const limitField = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, english(msg`must be a whole number`)),
    v.transform(Number),
    v.minValue(1, english(msg`must be at least 1`)),
    v.maxValue(
      CLIENT_LIST_MAX_PAGE_SIZE,
      english(msg({ message: 'must be at most {max}' }), { max: CLIENT_LIST_MAX_PAGE_SIZE }),
    ),
  ),
  String(DEFAULT_PAGE_SIZE),
)

const taskFilterEntries = {
  client_group: v.optional(queryId),
  task_type: v.optional(queryId),
  /** Any version of this schema: the id may name any version of its chain. */
  schema: v.optional(queryId),
  status: v.optional(queryStatuses),
  excluded_status: v.optional(queryStatuses),
  /** Bounds on the task's created timestamp, both inclusive. */
  timeframe_start: v.optional(textMoment),
  timeframe_end: v.optional(textMoment),
  /** Part of the description or the task type name (any case), or the task id. */
  search: searchQuery,
}

const taskFiltersSchema = <TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.pipe(
    v.looseObject({ ...taskFilterEntries, ...entries }),
    v.check(
      (query) => !(query.status && query.excluded_status),
      english(msg`status and excluded_status cannot be given together: use one of them.`),
    ),
    v.check(
      (query) =>
        Object.entries(query).every(
          ([key, value]) => !key.startsWith(METADATA_FILTER_PREFIX) || typeof value === 'string',
        ),
      english(msg`Give each metadata__<key> filter once.`),
    ),
    v.transform((query) => {
      const metadata: Record<string, string> = {}
      const known: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(query)) {
        if (key.startsWith(METADATA_FILTER_PREFIX) && key.length > METADATA_FILTER_PREFIX.length) {
          if (typeof value === 'string') metadata[key.slice(METADATA_FILTER_PREFIX.length)] = value
        } else {
          known[key] = value
        }
      }
      return { ...(known as typeof query), metadata }
    }),
  )

/** GET /client/tasks/stats/: the same filters as the list. */
export const TaskFiltersQuerySchema = taskFiltersSchema({})
export type TaskFilters = v.InferOutput<typeof TaskFiltersQuerySchema>

/** GET /client/tasks/: filters, ordering (default newest first) and offset/limit paging. */
export const TaskListQuerySchema = taskFiltersSchema({
  ordering: orderingQuery(TASK_ORDERING_FIELDS, '-created'),
  offset: offsetField,
  limit: limitField,
})
export type TaskListQuery = v.InferOutput<typeof TaskListQuerySchema>

export const TaskIdParamsSchema = v.object({ id: IdParamSchema })

const TimestampSchema = v.string()
const UserRefSchema = v.object({ id: IdSchema, username: v.string() })
const VersionedRefSchema = v.object({ id: IdSchema, name: v.string(), version: v.number() })

export const DUMP_STATUSES = ['PROCESSING', 'FINISHED', 'FAILED'] as const
export const DUMP_FORMATS = ['jsonl', 'csv'] as const
export type DumpFormat = (typeof DUMP_FORMATS)[number]

export const DUMP_OPTIONS = [
  'include_annotation_attachment_uuid',
  'include_author_id',
  'include_data_ids',
  'include_not_done_items',
  'include_not_validated_annotations',
  'remove_duplicates',
  'fill_hidden_fields_with_defaults',
  'include_review',
  'include_gold',
  'aggregate',
] as const
export type DumpOption = (typeof DUMP_OPTIONS)[number]
export type DumpOptions = Record<DumpOption, boolean>

/**
 * What each export option changes (all off by default):
 *
 * - include_annotation_attachment_uuid: keep the `uuid` of files attached to annotation values
 *   (recordings, images); without it they are left out of the exported values.
 * - include_author_id: each annotation carries `author_id`.
 * - include_data_ids: each item carries `data_id`, the client's own id of the uploaded row.
 * - include_not_done_items: items still short of their annotations are exported too; otherwise
 *   only done items (annotations_per_item done annotations).
 * - include_not_validated_annotations: annotations not done, still validating or with validation
 *   errors are exported too; otherwise only done, validated ones.
 * - remove_duplicates: annotations of one item with identical values are exported once.
 * - fill_hidden_fields_with_defaults: annotation fields in rows that rows_visibility hides for
 *   the item's and annotation's values get their default ('false' for bool fields, '' otherwise)
 *   in place of whatever they hold or their absence.
 * - include_review: each annotation carries `review` (mark, error_types, comment,
 *   reviewed_timestamp) or null when it was not reviewed.
 * - include_gold: gold items are exported too, whatever their number of done annotations
 *   (otherwise they are left out); each item carries `gold` (true for a gold item) and a gold
 *   item `gold_expected`, its expected answer. In CSV these are the columns gold and
 *   gold_expected (the answer as a JSON object).
 * - aggregate: one record per item with, per annotation field, the consensus of its done
 *   annotations (validated ones unless include_not_validated_annotations) in place of the
 *   annotations: `{value, confidence, review}` (server/modules/quality/consensus.ts).
 */
const dumpOptionEntries = Object.fromEntries(
  DUMP_OPTIONS.map((option) => [option, v.optional(v.boolean(), false)]),
) as Record<DumpOption, v.OptionalSchema<v.BooleanSchema<undefined>, false>>

/**
 * POST /client/tasks/{id}/dump_async/ answers 201 with the Dump. Refused with 409 while the
 * task's download_enabled is off (the owner's switch: a client of the group can turn it on with
 * PATCH), while another export of the task is PROCESSING, or while the task reads its upload.
 * With the job queue the dump comes back PROCESSING and a worker writes the file; a server
 * without one exports before answering. Only the latest dump is kept in view: GET answers it,
 * DELETE removes it with its file (and stops it when still running), file/ downloads it.
 *
 * JSON Lines has one item per line:
 * `{item_id, data_id?, data, gold?, gold_expected?, annotations: [{id, data, is_done, author_id?,
 * review?}]}`. CSV has one row per annotation (one row with empty annotation columns for an item
 * without any): item_id, data_id?, `data.<item field>`…, gold?, gold_expected?, annotation_id,
 * author_id?, is_done,
 * `annotation.<annotation field>`…, review_mark?, review_error_types?, review_comment?.
 *
 * With `aggregate`, JSON Lines has one item per line:
 * `{item_id, data_id?, data, annotations: <count>, consensus: {<field>: {value, confidence,
 * review}}, review}`, and CSV one row per item: item_id, data_id?, `data.<item field>`…,
 * annotations, then per annotation field `consensus.<field>`, `confidence.<field>`,
 * `review.<field>`, and review (whether any field needs review).
 */
export const DumpRequestSchema = v.strictObject({
  ...dumpOptionEntries,
  format: v.optional(v.picklist(DUMP_FORMATS), 'jsonl'),
})
export type DumpRequest = v.InferOutput<typeof DumpRequestSchema>

/** The spec's Dump, plus the export's own progress (percent of the task's items gone through). */
export const DumpSchema = v.object({
  id: IdSchema,
  task: IdSchema,
  author: v.nullable(UserRefSchema),
  /** The download path (under /api) once FINISHED, else null. */
  file: v.nullable(v.string()),
  created_timestamp: TimestampSchema,
  processed_timestamp: v.nullable(TimestampSchema),
  status: v.picklist(DUMP_STATUSES),
  error: v.nullable(v.string()),
  format: v.picklist(DUMP_FORMATS),
  progress: v.number(),
  /** The task's progress and status when the dump was asked for. */
  task_progress: v.number(),
  task_status: TaskStatusSchema,
  ...(Object.fromEntries(DUMP_OPTIONS.map((option) => [option, v.boolean()])) as Record<
    DumpOption,
    v.BooleanSchema<undefined>
  >),
})

/** GET /client/tasks/{id}/dump_async/: the latest dump, or null before the first export. */
export const LatestDumpSchema = v.nullable(DumpSchema)
export type Dump = v.InferOutput<typeof DumpSchema>

/** Counters of a task: total, done and left (total minus done). */
export const TaskCounterSchema = v.object({ total: v.number(), done: v.number(), left: v.number() })
export type TaskCounter = v.InferOutput<typeof TaskCounterSchema>

/**
 * The spec's Task. Counters are computed from the task's items and annotations when read, so
 * last_stats_recalculation is the time of the answer:
 *
 * - items: an item is done when it has the task type's annotations_per_item done annotations.
 * - annotations: total = items × annotations_per_item; done = done annotations, at most
 *   annotations_per_item per item.
 * - failed: annotations that failed validation (not done, with errors); done = those whose item
 *   has been completed since, left = those still holding an item back.
 * - progress: annotations done over annotations total, in percent (0 to 100).
 * - last_activity: the latest change to an annotation of the task.
 */
export const TaskSchema = v.object({
  id: IdSchema,
  description: v.string(),
  status: TaskStatusSchema,
  created_timestamp: TimestampSchema,
  start_timestamp: v.nullable(TimestampSchema),
  end_timestamp: v.nullable(TimestampSchema),
  author: v.nullable(UserRefSchema),
  task_type: v.object({
    id: IdSchema,
    name: v.string(),
    annotations_per_item: v.number(),
    /** Only an ACTIVE type's tasks are handed out to end workers. */
    status: v.picklist(TASK_TYPE_STATUSES),
    client_group: ClientGroupSchema,
  }),
  project: v.nullable(v.object({ id: IdSchema, name: v.string() })),
  local_parameters: v.record(v.string(), v.unknown()),
  deadline: v.nullable(TimestampSchema),
  base_language: LanguageSchema,
  target_language: LanguageSchema,
  settle_target_lang: v.boolean(),
  schema: VersionedRefSchema,
  protocol: VersionedRefSchema,
  is_fixed_sets: v.boolean(),
  download_enabled: v.boolean(),
  /** The task's audio is stored only encrypted (its type's "Protect audio" when it was made). */
  encrypt_audio: v.boolean(),
  items_per_set: v.number(),
  max_items_per_user: v.nullable(v.number()),
  metadata: v.record(v.string(), v.string()),
  items: TaskCounterSchema,
  annotations: TaskCounterSchema,
  failed: TaskCounterSchema,
  progress: v.number(),
  last_stats_recalculation: v.nullable(TimestampSchema),
  last_activity: v.nullable(TimestampSchema),
  latest_dump: v.nullable(DumpSchema),
})
export type Task = v.InferOutput<typeof TaskSchema>

export const TaskPageSchema = pagedSchema(TaskSchema)
export const TaskCountSchema = v.object({ count: v.number() })

/** PATCH /client/tasks/{id}/ (and `data` of a bulk update): the fields a client may edit. */
export const TaskPatchSchema = v.strictObject({
  description: v.optional(TaskDescriptionSchema),
  deadline: v.optional(v.nullable(isoMomentSchema)),
  metadata: v.optional(TaskMetadataSchema),
  local_parameters: v.optional(FreeJsonObjectSchema),
  project: v.optional(v.nullable(IdSchema)),
  download_enabled: v.optional(v.boolean()),
  status: v.optional(TaskStatusSchema),
  max_items_per_user: v.optional(v.nullable(wholeNumber(1, DB_INTEGER_MAX))),
})
export type TaskPatch = v.InferOutput<typeof TaskPatchSchema>

const BulkIdsSchema = v.pipe(
  v.array(IdSchema),
  v.minLength(1, english(msg`Give at least one task id.`)),
  v.maxLength(
    CLIENT_LIST_MAX_PAGE_SIZE,
    english(msg({ message: 'Give at most {max} task ids.' }), { max: CLIENT_LIST_MAX_PAGE_SIZE }),
  ),
)

/** Each task is updated on its own: one refusal does not stop the others. */
export const TaskBulkUpdateSchema = v.strictObject({
  ids: BulkIdsSchema,
  data: objectOnly(TaskPatchSchema),
})
export type TaskBulkUpdate = v.InferOutput<typeof TaskBulkUpdateSchema>

const TaskRefusalSchema = v.object({ id: IdSchema, detail: v.string() })

export const TaskBulkUpdateResultSchema = v.object({
  updated_tasks: v.array(IdSchema),
  not_updated_tasks: v.array(TaskRefusalSchema),
})
export type TaskBulkUpdateResult = v.InferOutput<typeof TaskBulkUpdateResultSchema>

export const TaskBulkDeleteSchema = v.strictObject({ ids: BulkIdsSchema })
export const TaskBulkDeleteResultSchema = v.object({
  deleted_tasks_ids: v.array(IdSchema),
  not_deleted_tasks: v.array(TaskRefusalSchema),
})
export type TaskBulkDeleteResult = v.InferOutput<typeof TaskBulkDeleteResultSchema>

/**
 * GET /client/tasks/{id}/stats/. worktime is seconds of the worker's time-log intervals on this
 * task (rejected ones left out); available_endworkers counts the active end workers who see the
 * task when it is in progress, by the rules of work distribution (contract/worker.ts): none while
 * the task type is not ACTIVE.
 */
export const TaskStatsSchema = v.object({
  total_items: v.number(),
  done_items: v.number(),
  total_annotations: v.number(),
  endworkers_involved: v.number(),
  endworker_stats: v.array(
    v.object({
      id: IdSchema,
      username: v.string(),
      is_staff: v.boolean(),
      annotations_done: v.number(),
      annotations_failed: v.number(),
      worktime: v.number(),
      last_annotation: v.nullable(TimestampSchema),
    }),
  ),
  available_endworkers: v.number(),
  /** Done annotations per day (UTC), oldest first; timestamp is the day's midnight. */
  annotations_histogram: v.array(
    v.object({ timestamp: TimestampSchema, annotations_count: v.number() }),
  ),
})
export type TaskStats = v.InferOutput<typeof TaskStatsSchema>

/** GET /client/stats: over every task the client sees, or one client group's. */
export const ClientStatsQuerySchema = v.object({ client_group: v.optional(queryId) })
export const ClientStatsSchema = v.object({
  annotations_done: v.number(),
  items_done: v.number(),
  items_total: v.number(),
  /** The latest change to an annotation of those tasks. */
  last_modified: v.nullable(TimestampSchema),
})
export type ClientStats = v.InferOutput<typeof ClientStatsSchema>

/** One widget of an item's row: a field of the schema with its value and grid placement. */
export const WidgetCellSchema = v.object({
  name: v.string(),
  data: v.unknown(),
  config: v.looseObject({ component: v.string() }),
  colWidth: v.number(),
  colOffset: v.number(),
})
export type WidgetCell = v.InferOutput<typeof WidgetCellSchema>

export const AnnotationViewSchema = v.object({
  id: IdSchema,
  data: v.record(v.string(), v.unknown()),
  is_done: v.boolean(),
  is_validating: v.boolean(),
  errors: v.record(v.string(), v.array(v.string())),
  warnings: v.record(v.string(), v.array(v.string())),
  info: v.record(v.string(), v.array(v.string())),
})

/** The spec's Item as a worker gets it, with its widget rows in grid order. */
export const ItemViewSchema = v.object({
  id: IdSchema,
  task_id: IdSchema,
  data: v.record(v.string(), v.unknown()),
  annotations: v.array(AnnotationViewSchema),
  rows: v.array(v.array(WidgetCellSchema)),
})
export type ItemView = v.InferOutput<typeof ItemViewSchema>

/**
 * GET /client/fake-tasks/{id}/?offset=N. With fixed sets, offset N is the task's N-th item set;
 * with dynamic sets it is an item offset and the answer holds the next items_per_set items.
 * next_offset is null on the last one.
 */
export const FakeTaskQuerySchema = v.object({ offset: offsetField })

export const FakeTaskSchema = v.object({
  task_id: IdSchema,
  schema: IdSchema,
  protocol: IdSchema,
  /** The task's audio is protected: played through the manifest and the licence call. */
  encrypt_audio: v.boolean(),
  offset: v.number(),
  next_offset: v.nullable(v.number()),
  /** What a worker's lock would be: now plus the task type's lock time. Nothing is locked. */
  lock_expiration_timestamp: TimestampSchema,
  items: v.array(ItemViewSchema),
  items_count: v.number(),
  done_items_count: v.number(),
})
export type FakeTask = v.InferOutput<typeof FakeTaskSchema>

export const FakeMediaParamsSchema = v.object({
  taskId: IdParamSchema,
  itemId: IdParamSchema,
  uuid: v.pipe(v.string(), v.uuid(english(msg`must be a uuid`))),
})

/** GET /client/tasks/{id}/annotations/. search looks into the annotation values' text. */
export const AnnotationListQuerySchema = v.object({
  user: v.optional(queryId),
  is_done: v.optional(textFlag),
  has_errors: v.optional(textFlag),
  created_after: v.optional(textMoment),
  created_before: v.optional(textMoment),
  search: searchQuery,
  ordering: orderingQuery(ANNOTATION_ORDERING_FIELDS, 'id'),
  offset: offsetField,
  limit: limitField,
})
export type AnnotationListQuery = v.InferOutput<typeof AnnotationListQuerySchema>

/** A gold item's expected answer: annotation field name → the value a right answer has. */
export const GoldExpectedSchema = v.pipe(
  objectRecord(FieldNameSchema, AnnotationValueSchema),
  v.check((expected) => Object.keys(expected).length <= 200, english(msg`At most 200 fields.`)),
)
export type GoldExpected = v.InferOutput<typeof GoldExpectedSchema>

export const ExplorerAnnotationSchema = v.object({
  ...AnnotationViewSchema.entries,
  item_id: IdSchema,
  item_data: v.record(v.string(), v.unknown()),
  /** The item's expected answer when it is a gold item, else null. */
  item_gold: v.nullable(v.record(v.string(), v.unknown())),
  user: UserRefSchema,
  created: TimestampSchema,
  modified: TimestampSchema,
})
export type ExplorerAnnotation = v.InferOutput<typeof ExplorerAnnotationSchema>
export const AnnotationPageSchema = pagedSchema(ExplorerAnnotationSchema)

/**
 * PUT /client/tasks/{id}/items/{item_id}/gold/ makes the item a gold item with this expected
 * answer (or replaces the answer), checked against the task's annotation schema like a saved
 * annotation; DELETE makes it an ordinary item again (204). A gold item leaves the task's
 * counters and its export (unless include_gold). For the task's client and staff; 404 for an
 * item of another task or a task the caller cannot see.
 */
export const GoldParamsSchema = v.object({ id: IdParamSchema, item_id: IdParamSchema })
export const GoldRequestSchema = v.strictObject({ expected: GoldExpectedSchema })
export type GoldRequest = v.InferOutput<typeof GoldRequestSchema>
export const GoldItemSchema = v.object({
  item_id: IdSchema,
  expected: v.record(v.string(), v.unknown()),
  set_by: v.nullable(UserRefSchema),
  set_at: TimestampSchema,
})
export type GoldItem = v.InferOutput<typeof GoldItemSchema>
