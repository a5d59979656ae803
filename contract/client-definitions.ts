import * as v from 'valibot'
import { msg } from '#lingui-message'
import { ClientGroupSchema } from './client-groups'
import {
  DB_INTEGER_MAX,
  IdParamSchema,
  IdSchema,
  objectRecord,
  pagedSchema,
  wholeNumber,
  wholeNumberText,
} from './common'
import { DEFAULT_PAGE_SIZE } from './constants'
import { english } from './english-message'
import {
  GOLD_SHARE_DEFAULT_PERCENT,
  GOLD_SHARE_MAX_PERCENT,
  GOLD_TEXT_MAX_CER_DEFAULT,
  GOLD_WINDOW_DEFAULT,
  MIN_GOLD_ANSWERS_DEFAULT,
} from './quality'
import { type Ordering, orderingsOf, searchQuery } from './query'
import { StoredTaskSchemaDocumentSchema, TaskSchemaDocumentSchema } from './task-schema'

/**
 * The client's definitions: task schemas, task protocols and task types (spec sections 3 and 7).
 *
 * Versioning. Schemas and protocols are versioned: every version is its own row with its own id;
 * versions of one lineage share a name history and count up from 1, and `next_version` points
 * to the version that replaced this one (null for the newest). Editing a version that tasks
 * already use makes the next version, moves the task types that used the edited version to it,
 * and answers the new version; tasks keep the version they were made with. A version no task
 * uses is edited in place. Only a lineage's newest version can be edited, and only content edits
 * make a version: a change of `name` (or of a protocol's `show_changes_days`) alone is applied
 * in place. Lists show the newest version of each lineage; `previous-versions/` the older ones.
 */

const NameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, english(msg`Enter a name.`)),
  v.maxLength(200, english(msg`Use at most 200 characters.`)),
)

/** A whole number that also arrives as text from a multipart form. */
const formInteger = (min: number, max: number) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+$/), v.transform(Number))],
      english(msg`must be a whole number`),
    ),
    v.integer(english(msg`must be a whole number`)),
    v.minValue(min, english(msg({ message: 'must be at least {min}' }), { min })),
    v.maxValue(max, english(msg({ message: 'must be at most {max}' }), { max })),
  )

const FormIdSchema = formInteger(1, DB_INTEGER_MAX)

export const UserRefSchema = v.object({ id: IdSchema, username: v.string() })
export type UserRef = v.InferOutput<typeof UserRefSchema>
export const NamedRefSchema = v.object({ id: IdSchema, name: v.string() })
export type NamedRef = v.InferOutput<typeof NamedRefSchema>
/** The light form of a schema or protocol version (the `base` flag). */
export const VersionRefSchema = v.object({ id: IdSchema, name: v.string(), version: v.number() })
export type VersionRef = v.InferOutput<typeof VersionRefSchema>
export const TaskRefSchema = v.object({ id: IdSchema, description: v.string() })

// --- Queries ---------------------------------------------------------------------------------

const QueryFlagSchema = v.pipe(
  v.picklist(['true', 'false', '1', '0'], english(msg`must be true or false`)),
  v.transform((value) => value === 'true' || value === '1'),
)

export const MAX_PAGE_SIZE = 1000
export const PageQueryEntries = {
  offset: v.optional(wholeNumberText(0, Number.MAX_SAFE_INTEGER), '0'),
  limit: v.optional(wholeNumberText(1, MAX_PAGE_SIZE), String(DEFAULT_PAGE_SIZE)),
}

/** `ordering=field` or `-field` (descending). Ties are broken by id. */
export const DEFINITION_ORDERINGS = orderingsOf(['id', 'name', 'created_timestamp'])
export type DefinitionOrdering = Ordering<'id' | 'name' | 'created_timestamp'>

const listQueryEntries = {
  client_group__id: v.optional(IdParamSchema),
  /** Matches names, case-insensitively. */
  search: searchQuery,
  ordering: v.optional(v.picklist(DEFINITION_ORDERINGS), '-created_timestamp'),
  ...PageQueryEntries,
}

/**
 * Schemas and protocols: with `base=true` the answer is a plain list of every match in the light
 * form (for pickers), otherwise a page of whole entities.
 */
export const VersionedListQuerySchema = v.object({
  ...listQueryEntries,
  base: v.optional(QueryFlagSchema, 'false'),
})
export type VersionedListQuery = v.InferOutput<typeof VersionedListQuerySchema>

/** `latest=true` answers the newest version of the id's lineage; `base=true` the light form. */
export const VersionedDetailQuerySchema = v.object({
  base: v.optional(QueryFlagSchema, 'false'),
  latest: v.optional(QueryFlagSchema, 'false'),
})
export type VersionedDetailQuery = v.InferOutput<typeof VersionedDetailQuerySchema>

export const IdParamsSchema = v.object({ id: IdParamSchema })

/**
 * A version of a schema or protocol: its identity, what the kind of definition holds, and where
 * the version stands (its author, group, successor, and the task types and tasks using it).
 */
const versionedEntitySchema = <TContent extends v.ObjectEntries>(content: TContent) =>
  v.object({
    id: IdSchema,
    name: v.string(),
    version: v.number(),
    ...content,
    author: v.nullable(UserRefSchema),
    client_group: ClientGroupSchema,
    created_timestamp: v.string(),
    next_version: v.nullable(IdSchema),
    task_types: v.array(NamedRefSchema),
    tasks: v.array(TaskRefSchema),
  })

/** A page of whole versions, or with `base=true` every match in the light form. */
const versionedListSchema = <TEntity extends v.GenericSchema>(entity: TEntity) =>
  v.union([pagedSchema(entity), v.array(VersionRefSchema)])

/** A whole version, or with `base=true` its light form. */
const versionedDetailSchema = <TEntity extends v.GenericSchema>(entity: TEntity) =>
  v.union([entity, VersionRefSchema])

// --- Task schemas ------------------------------------------------------------------------------

/** The spec's Task schema entity. */
export const TaskSchemaEntitySchema = versionedEntitySchema({
  schema: StoredTaskSchemaDocumentSchema,
})
export type TaskSchemaEntity = v.InferOutput<typeof TaskSchemaEntitySchema>

export const TaskSchemaListSchema = versionedListSchema(TaskSchemaEntitySchema)
export const TaskSchemaDetailSchema = versionedDetailSchema(TaskSchemaEntitySchema)

export const TaskSchemaCreateSchema = v.object({
  name: NameSchema,
  client_group: IdSchema,
  schema: TaskSchemaDocumentSchema,
})
export type TaskSchemaCreate = v.InferOutput<typeof TaskSchemaCreateSchema>

/** The client group of a definition cannot change: its versions and tasks belong to that group. */
export const TaskSchemaPatchSchema = v.object({
  name: v.optional(NameSchema),
  schema: v.optional(TaskSchemaDocumentSchema),
})
export type TaskSchemaPatch = v.InferOutput<typeof TaskSchemaPatchSchema>

// --- Task protocols ----------------------------------------------------------------------------

export const PROTOCOL_SERVING_TYPES = ['PDF', 'TXT'] as const
export type ProtocolServingType = (typeof PROTOCOL_SERVING_TYPES)[number]
export const MAX_PROTOCOL_PDF_BYTES = 50 * 1024 * 1024
export const MAX_PROTOCOL_TEXT_LENGTH = 1_000_000
export const MAX_SHOW_CHANGES_DAYS = 365

/** A protocol's PDF; `path` is where it is served (the public protocol view with serve=true). */
export const ProtocolFileSchema = v.object({
  id: IdSchema,
  uuid: v.string(),
  name: v.string(),
  path: v.string(),
  created_timestamp: v.string(),
  creator: v.nullable(UserRefSchema),
})

/**
 * The spec's Task protocol entity. `diff` is a unified line diff of the Markdown against the
 * previous version (null for a first version and for PDFs); annotators are offered it for
 * `show_changes_days` days after the version was made.
 */
export const TaskProtocolEntitySchema = versionedEntitySchema({
  serving_type: v.picklist(PROTOCOL_SERVING_TYPES),
  content: v.string(),
  file: v.nullable(ProtocolFileSchema),
  diff: v.nullable(v.string()),
  show_changes_days: v.number(),
})
export type TaskProtocolEntity = v.InferOutput<typeof TaskProtocolEntitySchema>

export const TaskProtocolListSchema = versionedListSchema(TaskProtocolEntitySchema)
export const TaskProtocolDetailSchema = versionedDetailSchema(TaskProtocolEntitySchema)

const protocolFields = {
  name: NameSchema,
  serving_type: v.picklist(PROTOCOL_SERVING_TYPES, english(msg`Use PDF or TXT.`)),
  /** The Markdown of a TXT protocol; ignored for PDFs. */
  content: v.pipe(v.string(), v.maxLength(MAX_PROTOCOL_TEXT_LENGTH)),
  show_changes_days: formInteger(0, MAX_SHOW_CHANGES_DAYS),
}

/**
 * Protocol writes come as JSON (TXT) or as a multipart form with the same fields plus `file`, the
 * PDF (application/pdf, at most 50 MB). A TXT protocol needs content, a PDF protocol a file.
 */
export const TaskProtocolCreateSchema = v.object({
  name: protocolFields.name,
  client_group: FormIdSchema,
  serving_type: v.optional(protocolFields.serving_type, 'TXT'),
  content: v.optional(protocolFields.content, ''),
  show_changes_days: v.optional(protocolFields.show_changes_days, 0),
})
export type TaskProtocolCreate = v.InferOutput<typeof TaskProtocolCreateSchema>

export const TaskProtocolPatchSchema = v.partial(v.object(protocolFields))
export type TaskProtocolPatch = v.InferOutput<typeof TaskProtocolPatchSchema>

/** The spec's Protocol (viewer): what the public protocol view shows. */
export const ProtocolViewSchema = v.object({
  id: IdSchema,
  name: v.string(),
  version: v.number(),
  serving_type: v.picklist(PROTOCOL_SERVING_TYPES),
  content: v.string(),
  diff: v.nullable(v.string()),
  /** Whether the diff is still offered: it exists and show_changes_days have not passed. */
  show_changes: v.boolean(),
  created_timestamp: v.string(),
})
export type ProtocolView = v.InferOutput<typeof ProtocolViewSchema>

export const ProtocolViewQuerySchema = v.object({ serve: v.optional(QueryFlagSchema, 'false') })

// --- Task types --------------------------------------------------------------------------------

export const TASK_TYPE_STATUSES = ['CREATED', 'DRAFT', 'ACTIVE'] as const
export type TaskTypeStatus = (typeof TASK_TYPE_STATUSES)[number]

/**
 * Task type status rule. CREATED: just defined. DRAFT: being tried out (tasks can be uploaded and
 * previewed by the client). ACTIVE: its tasks are handed out to end workers; in the other two
 * statuses its tasks, even started ones, are seen by no worker. A type moves from CREATED to
 * DRAFT or straight to ACTIVE, between DRAFT and ACTIVE both ways (back to DRAFT to stop
 * handing out work), and never returns to CREATED. Setting the status it already has changes
 * nothing.
 */
export const TASK_TYPE_STATUS_TRANSITIONS: Record<TaskTypeStatus, readonly TaskTypeStatus[]> = {
  CREATED: ['DRAFT', 'ACTIVE'],
  DRAFT: ['ACTIVE'],
  ACTIVE: ['DRAFT'],
}

export function canChangeTaskTypeStatus(from: TaskTypeStatus, to: TaskTypeStatus): boolean {
  return from === to || TASK_TYPE_STATUS_TRANSITIONS[from].includes(to)
}

/**
 * Defaults of a new task type, with units:
 * - is_fixed_sets false: item sets are filled when handed out, not fixed at upload;
 * - items_per_set 10 items (1..1000);
 * - annotations_per_item 1 annotation (1..100), from different workers;
 * - max_items_per_user_percent 100 (1..100): the share of a task's items one worker may do;
 * - review_enabled false; review_probability 0 (0..1): the chance a done annotation is reviewed;
 * - review_newcomers_bound 0 annotations (0..100000): a worker's first this-many are always
 *   reviewed;
 * - download_enabled false: whether results can be downloaded by the client;
 * - encrypt_audio ("Protect audio"): new tasks store their audio only encrypted, played with a
 *   clear-key licence; on by default on a confidential instance (PUBLIC_INSTANCE=false), off on a
 *   public one (`taskTypeDefaults`); a task keeps the value it was made with;
 * - archivation_timeout null days (0..3650): days after a task finishes before it is archived;
 *   null never archives; delete_archived false: archived tasks are kept;
 * - default_metadata {}: key/value text copied into each new task's metadata;
 * - custom_itemset_lock_time null minutes (1..10080): how long a set stays locked to its worker;
 *   null uses the instance default;
 * - custom_timelogs_merge_threshold null seconds (0..86400): gaps between activity intervals
 *   below this merge into one; null uses the instance default;
 * - quality control: gold_share 0 percent (0..50) of each item set made of gold items;
 *   gold_text_max_cer 0.1 (0..1), the highest character error rate at which a text answer still
 *   matches the expected one; gold_window 50 answers (1..10000), the latest gold answers a
 *   worker's gold accuracy is measured over; min_gold_accuracy null (0..1), the accuracy below
 *   which a worker gets no new item sets, null is off; min_gold_answers 10 (1..10000), the gold
 *   answers a worker gives before that gate judges them; min_seconds_per_item null seconds
 *   (0.1..86400), done faster is flagged TOO_FAST, null is off;
 * - limiters, whitelist, blacklist, deputy, task_groups, projects: empty lists;
 *   default_project null (when set, it must be one of projects).
 * Whitelisted users alone may take the type's work when the whitelist is not empty; blacklisted
 * users never may; deputies act for the client on its tasks. No user is on both the whitelist and
 * the blacklist.
 */
export const TASK_TYPE_DEFAULTS = {
  is_fixed_sets: false,
  items_per_set: 10,
  annotations_per_item: 1,
  max_items_per_user_percent: 100,
  review_enabled: false,
  review_probability: 0,
  review_newcomers_bound: 0,
  download_enabled: false,
  encrypt_audio: false,
  archivation_timeout: null,
  delete_archived: false,
  default_metadata: {},
  custom_itemset_lock_time: null,
  custom_timelogs_merge_threshold: null,
  gold_share: GOLD_SHARE_DEFAULT_PERCENT,
  gold_text_max_cer: GOLD_TEXT_MAX_CER_DEFAULT,
  gold_window: GOLD_WINDOW_DEFAULT,
  min_gold_accuracy: null,
  min_gold_answers: MIN_GOLD_ANSWERS_DEFAULT,
  min_seconds_per_item: null,
  limiters: [],
  whitelist: [],
  blacklist: [],
  deputy: [],
  task_groups: [],
  projects: [],
  default_project: null,
} satisfies TaskTypeSettings

/** The defaults of a new task type on a public or a confidential instance. */
export function taskTypeDefaults({
  publicInstance,
}: {
  publicInstance: boolean
}): TaskTypeSettings {
  return { ...TASK_TYPE_DEFAULTS, encrypt_audio: !publicInstance }
}

const idList = v.pipe(v.array(IdSchema), v.maxLength(10_000))

const shareOfOne = v.pipe(
  v.number(),
  v.minValue(0, english(msg`must be between 0 and 1`)),
  v.maxValue(1, english(msg`must be between 0 and 1`)),
)

const taskTypeSettingsEntries = {
  is_fixed_sets: v.boolean(),
  items_per_set: wholeNumber(1, 1000),
  annotations_per_item: wholeNumber(1, 100),
  max_items_per_user_percent: wholeNumber(1, 100),
  review_enabled: v.boolean(),
  review_probability: shareOfOne,
  review_newcomers_bound: wholeNumber(0, 100_000),
  download_enabled: v.boolean(),
  encrypt_audio: v.boolean(),
  archivation_timeout: v.nullable(wholeNumber(0, 3650)),
  delete_archived: v.boolean(),
  default_metadata: v.pipe(
    objectRecord(
      v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
      v.pipe(v.string(), v.maxLength(1000)),
    ),
    v.check((metadata) => Object.keys(metadata).length <= 100, english(msg`At most 100 keys.`)),
  ),
  custom_itemset_lock_time: v.nullable(wholeNumber(1, 10_080)),
  custom_timelogs_merge_threshold: v.nullable(wholeNumber(0, 86_400)),
  gold_share: wholeNumber(0, GOLD_SHARE_MAX_PERCENT),
  gold_text_max_cer: shareOfOne,
  gold_window: wholeNumber(1, 10_000),
  min_gold_accuracy: v.nullable(shareOfOne),
  min_gold_answers: wholeNumber(1, 10_000),
  min_seconds_per_item: v.nullable(
    v.pipe(
      v.number(),
      v.minValue(0.1, english(msg({ message: 'must be at least {min}' }), { min: 0.1 })),
      v.maxValue(86_400, english(msg({ message: 'must be at most {max}' }), { max: 86_400 })),
    ),
  ),
  limiters: idList,
  whitelist: idList,
  blacklist: idList,
  deputy: idList,
  /** Ids of end-worker groups marked as task groups. */
  task_groups: idList,
  projects: idList,
  default_project: v.nullable(IdSchema),
}
const TaskTypeSettingsSchema = v.object(taskTypeSettingsEntries)
export type TaskTypeSettings = v.InferOutput<typeof TaskTypeSettingsSchema>

/** Every setting may be left out and takes its `taskTypeDefaults` value. */
export const TaskTypeCreateSchema = v.object({
  name: NameSchema,
  client_group: IdSchema,
  /** Ids of the newest version of a schema and a protocol of the same client group. */
  schema: IdSchema,
  protocol: IdSchema,
  ...v.partial(TaskTypeSettingsSchema).entries,
})
export type TaskTypeCreate = v.InferOutput<typeof TaskTypeCreateSchema>

export const TaskTypePatchSchema = v.partial(
  v.object({
    name: NameSchema,
    status: v.picklist(TASK_TYPE_STATUSES),
    schema: IdSchema,
    protocol: IdSchema,
    ...taskTypeSettingsEntries,
  }),
)
export type TaskTypePatch = v.InferOutput<typeof TaskTypePatchSchema>

/** The spec's Task type entity. */
export const TaskTypeEntitySchema = v.object({
  id: IdSchema,
  name: v.string(),
  status: v.picklist(TASK_TYPE_STATUSES),
  ...taskTypeSettingsEntries,
  schema: VersionRefSchema,
  protocol: VersionRefSchema,
  client_group: ClientGroupSchema,
  limiters: v.array(NamedRefSchema),
  whitelist: v.array(UserRefSchema),
  blacklist: v.array(UserRefSchema),
  deputy: v.array(UserRefSchema),
  /** `id` is the link's id, `group` the end-worker group. */
  task_groups: v.array(v.object({ id: IdSchema, group: NamedRefSchema })),
  projects: v.array(NamedRefSchema),
  default_project: v.nullable(NamedRefSchema),
  /** True while no task uses the type; only then can it be deleted. */
  removable: v.boolean(),
  /** Tasks of the type that are not archived, and archived ones. */
  active_tasks: v.number(),
  archived_tasks: v.number(),
  author: v.nullable(UserRefSchema),
  created_timestamp: v.string(),
})
export type TaskTypeEntity = v.InferOutput<typeof TaskTypeEntitySchema>
export const TaskTypePageSchema = pagedSchema(TaskTypeEntitySchema)

export const TaskTypeListQuerySchema = v.object({
  ...listQueryEntries,
  /** Any version of this schema (or protocol): the id may name any version of its chain. */
  schema: v.optional(IdParamSchema),
  protocol: v.optional(IdParamSchema),
  status: v.optional(v.picklist(TASK_TYPE_STATUSES)),
})
export type TaskTypeListQuery = v.InferOutput<typeof TaskTypeListQuerySchema>

// --- Task type statistics ---------------------------------------------------------------------

/** A language the type's tasks use, with how many tasks use it. */
export const TaskTypeLanguageSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
  tasks: v.number(),
})
export const TaskTypeLanguageListSchema = v.array(TaskTypeLanguageSchema)

/** An ISO 8601 date or timestamp in a query. */
const QueryInstantSchema = v.pipe(
  v.string(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    english(msg`must be an ISO 8601 date or timestamp`),
  ),
  v.transform((text) => new Date(text)),
  v.check((date) => !Number.isNaN(date.getTime()), english(msg`must be a real date`)),
)

const timeframeEntries = {
  timeframe_start: v.optional(QueryInstantSchema),
  timeframe_end: v.optional(QueryInstantSchema),
}
const startsBeforeEnd = (query: { timeframe_start?: Date; timeframe_end?: Date }) =>
  !query.timeframe_start || !query.timeframe_end || query.timeframe_start < query.timeframe_end
const TIMEFRAME_ORDER_MESSAGE = english(msg`must come after timeframe_start`)

/**
 * The time frame is [timeframe_start, timeframe_end); either bound may be left out. A task counts
 * when it was running in the frame (made before its end, not finished before its start); items
 * and done items are those of the counted tasks now; annotations are the done annotations
 * finished in the frame.
 */
export const LanguageStatsQuerySchema = v.pipe(
  v.object({
    ...timeframeEntries,
    language_type: v.optional(v.picklist(['base', 'target']), 'base'),
  }),
  v.forward(
    v.check((query) => startsBeforeEnd(query), TIMEFRAME_ORDER_MESSAGE),
    ['timeframe_end'],
  ),
)
export type LanguageStatsQuery = v.InferOutput<typeof LanguageStatsQuerySchema>

export const LanguageStatSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
  tasks: v.number(),
  items: v.number(),
  /** Items with at least annotations_per_item done annotations. */
  done_items: v.number(),
  annotations: v.number(),
})
export const LanguageStatListSchema = v.array(LanguageStatSchema)

/**
 * Per worker over the type's tasks (optionally of one base and/or target language): done
 * annotations finished in the frame, distinct items they annotated in the frame, work time in
 * seconds from their time-log intervals on these tasks within the frame (rejected logs left
 * out), and when they last finished an annotation.
 */
export const EndworkerStatsQuerySchema = v.pipe(
  v.object({
    ...timeframeEntries,
    base_language_id: v.optional(IdParamSchema),
    target_language_id: v.optional(IdParamSchema),
  }),
  v.forward(
    v.check((query) => startsBeforeEnd(query), TIMEFRAME_ORDER_MESSAGE),
    ['timeframe_end'],
  ),
)
export type EndworkerStatsQuery = v.InferOutput<typeof EndworkerStatsQuerySchema>

export const EndworkerStatSchema = v.object({
  id: IdSchema,
  username: v.string(),
  annotations_done: v.number(),
  items: v.number(),
  worktime: v.number(),
  last_annotation: v.nullable(v.string()),
})
export const EndworkerStatListSchema = v.array(EndworkerStatSchema)
