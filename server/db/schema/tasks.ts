import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  cascadeRef,
  createdAt,
  identityId,
  oneOf,
  optionalTimestamp,
  restrictRef,
  setNullRef,
} from './columns'
import { projects, taskProtocols, taskSchemas, taskTypes } from './definitions'
import {
  DUMP_FORMATS,
  type DumpFormat,
  type QualityFlag,
  TASK_STATUSES,
  type TaskStatus,
} from './enums'
import { languages, users } from './identity'
import { jobStatus, jobStatusCheck } from './job-columns'
import { mediaObjects } from './media'

/**
 * One batch of data to annotate under a task type. The schema and protocol versions are pinned
 * when the task is made, so later edits of the definitions do not change running work.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: identityId(),
    description: text().notNull().default(''),
    status: text().$type<TaskStatus>().notNull().default('CREATED'),
    createdAt: createdAt(),
    startedAt: optionalTimestamp(),
    endedAt: optionalTimestamp(),
    authorId: setNullRef(() => users.id),
    taskTypeId: restrictRef(() => taskTypes.id),
    projectId: setNullRef(() => projects.id),
    localParameters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    deadline: optionalTimestamp(),
    baseLanguageId: restrictRef(() => languages.id),
    targetLanguageId: restrictRef(() => languages.id),
    /** Whether only workers speaking the target language may take the task. */
    settleTargetLang: boolean().notNull().default(false),
    schemaId: restrictRef(() => taskSchemas.id),
    protocolId: restrictRef(() => taskProtocols.id),
    isFixedSets: boolean().notNull().default(false),
    downloadEnabled: boolean().notNull().default(false),
    /**
     * The task's audio is stored only encrypted, played with a key from the licence call. Copied
     * from the task type when the task is made, and fixed: its media were imported that way.
     */
    encryptAudio: boolean().notNull().default(false),
    itemsPerSet: integer().notNull().default(10),
    maxItemsPerUser: integer(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The uploaded data file the items are made from while the task is PROCESSING. */
    sourceFileId: setNullRef(() => mediaObjects.id),
    /** Why processing the upload failed, shown to the client. */
    processingError: text(),
    itemsTotal: integer().notNull().default(0),
    itemsDone: integer().notNull().default(0),
    annotationsTotal: integer().notNull().default(0),
    annotationsDone: integer().notNull().default(0),
    annotationsFailed: integer().notNull().default(0),
    /** Percent done, 0 to 100. */
    progress: doublePrecision().notNull().default(0),
    lastStatsRecalculation: optionalTimestamp(),
    lastActivity: optionalTimestamp(),
    /**
     * Where claims start looking for items to hand out: every item before this position had all
     * its done annotations when a claim last looked (server/modules/worker-tasks/claim.ts).
     */
    firstOpenPosition: integer().notNull().default(0),
  },
  (t) => [
    index('tasks_task_type_idx').on(t.taskTypeId),
    index('tasks_status_idx').on(t.status),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_created_idx').on(t.createdAt),
    check('tasks_status_check', oneOf(t.status, TASK_STATUSES)),
    check('tasks_items_per_set_check', sql`${t.itemsPerSet} >= 1`),
    check('tasks_max_items_per_user_check', sql`${t.maxItemsPerUser} >= 1`),
    check('tasks_progress_check', sql`${t.progress} between 0 and 100`),
  ],
)

/**
 * A batch of items handed to one worker under a lock that expires. Two kinds of rows: the fixed
 * sets an upload defines (`isFixed`, no user: items point at them through `items.itemSetId`),
 * and the sets handed out to workers, whose items are their `item_set_items` slots. Handing out
 * a fixed set makes a worker's set holding the fixed set's items (server/modules/worker-tasks).
 */
export const itemSets = pgTable(
  'item_sets',
  {
    id: identityId(),
    taskId: cascadeRef(() => tasks.id),
    /** The worker the set was handed to; null for the fixed sets an upload defines. */
    userId: setNullRef(() => users.id),
    lockExpiration: optionalTimestamp(),
    createdAt: createdAt(),
    modifiedAt: createdAt(),
    isFixed: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    /**
     * How many item slots the set was handed out with, counted by a trigger on item_set_items
     * inserts; a lock's end gives the unfinished slots back, and this keeps what the set held.
     */
    itemsHandedOut: integer().notNull().default(0),
  },
  (t) => [
    index('item_sets_task_position_idx').on(t.taskId, t.position),
    index('item_sets_user_lock_idx').on(t.userId, t.lockExpiration),
  ],
)

export const items = pgTable(
  'items',
  {
    id: identityId(),
    taskId: cascadeRef(() => tasks.id),
    /** The fixed set the item belongs to (fixed-set tasks only); handed-out sets use slots. */
    itemSetId: setNullRef(() => itemSets.id),
    position: integer().notNull(),
    /** Field values by item_schema field name; audio and image values carry a media uuid. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The client's own id of the row, exported back with the results. */
    dataId: text(),
    /**
     * How many of the item's annotations are done, kept by a trigger on annotations in the
     * transaction that changes them, so claims find the items that lack some through
     * items_task_done_position_idx instead of counting annotations item by item.
     */
    doneAnnotations: integer().notNull().default(0),
    /**
     * A gold (control) item: its expected answer is in gold_answers. Gold items are mixed into
     * item sets but never count towards the task's progress nor its export of data items.
     */
    isGold: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('items_task_position_key').on(t.taskId, t.position),
    index('items_task_done_position_idx').on(t.taskId, t.doneAnnotations, t.position),
    index('items_item_set_idx').on(t.itemSetId),
    index('items_task_data_id_idx').on(t.taskId, t.dataId),
    index('items_task_gold_idx').on(t.taskId, t.position).where(sql`${t.isGold}`),
  ],
)

/**
 * The items a handed-out set holds: one slot per item, so an item with annotations_per_item N is
 * in at most N sets at once. A slot is in use while its set's lock lasts or once its annotation
 * is done; the lock-expiry job deletes the others (server/jobs/lock-expiry.ts).
 */
export const itemSetItems = pgTable(
  'item_set_items',
  {
    itemSetId: cascadeRef(() => itemSets.id),
    itemId: cascadeRef(() => items.id),
    /** The item's position in its task, so the set lists items in task order. */
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemSetId, t.itemId] }),
    index('item_set_items_item_idx').on(t.itemId),
  ],
)

/** Validation messages by annotation field name. */
export type ValidationMessages = Record<string, string[]>

export const annotations = pgTable(
  'annotations',
  {
    id: identityId(),
    itemId: cascadeRef(() => items.id),
    itemSetId: cascadeRef(() => itemSets.id),
    /** Work is kept when an account goes: accounts are anonymized, not deleted. */
    userId: restrictRef(() => users.id),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isDone: boolean().notNull().default(false),
    isValidating: boolean().notNull().default(false),
    errors: jsonb().$type<ValidationMessages>().notNull().default({}),
    warnings: jsonb().$type<ValidationMessages>().notNull().default({}),
    info: jsonb().$type<ValidationMessages>().notNull().default({}),
    createdAt: createdAt(),
    modifiedAt: createdAt(),
    /** When the annotation was last finished; the feedback list's 'Annotation edition'. */
    lockedAt: optionalTimestamp(),
    /**
     * When the client made the stored edit: a replayed or out-of-order save from the outbox that
     * is not newer changes nothing (last writer wins by the client's clock).
     */
    clientUpdatedAt: optionalTimestamp(),
    /**
     * For a done annotation of a gold item: the share, 0 to 1, of scored fields that match the
     * expected answer, and whether all of them do; null otherwise. Set by the server only.
     */
    goldScore: doublePrecision(),
    goldCorrect: boolean(),
    /** Why the done annotation is suspect (contract/quality.ts QUALITY_FLAGS). */
    qualityFlags: text().array().$type<QualityFlag[]>().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('annotations_item_set_item_key').on(t.itemSetId, t.itemId),
    index('annotations_item_idx').on(t.itemId),
    index('annotations_user_idx').on(t.userId),
    // Flagged work (server/modules/quality/activity-flags.ts) is rare: the coordinator's lists
    // find it by set and by worker without reading every annotation.
    index('annotations_flagged_set_idx').on(t.itemSetId).where(sql`${t.qualityFlags} <> '{}'`),
    index('annotations_flagged_user_idx').on(t.userId).where(sql`${t.qualityFlags} <> '{}'`),
  ],
)

/** An export of a task's results. */
export const dumps = pgTable(
  'dumps',
  {
    id: identityId(),
    taskId: cascadeRef(() => tasks.id),
    authorId: setNullRef(() => users.id),
    /** Relative to the media directory; set when FINISHED. */
    filePath: text(),
    createdAt: createdAt(),
    processedAt: optionalTimestamp(),
    status: jobStatus(),
    error: text(),
    format: text().$type<DumpFormat>().notNull().default('jsonl'),
    /** Percent of the task's items the export has gone through, so the client can show it. */
    progress: doublePrecision().notNull().default(0),
    /** The task's progress and status when the dump was made. */
    taskProgress: doublePrecision().notNull().default(0),
    taskStatus: text().$type<TaskStatus>().notNull(),
    includeAnnotationAttachmentUuid: boolean().notNull().default(false),
    includeAuthorId: boolean().notNull().default(false),
    includeDataIds: boolean().notNull().default(false),
    includeNotDoneItems: boolean().notNull().default(false),
    includeNotValidatedAnnotations: boolean().notNull().default(false),
    removeDuplicates: boolean().notNull().default(false),
    fillHiddenFieldsWithDefaults: boolean().notNull().default(false),
    includeReview: boolean().notNull().default(false),
    /** Gold items are exported too, marked as such. */
    includeGold: boolean().notNull().default(false),
    /** One consensus record per item instead of every annotation. */
    aggregate: boolean().notNull().default(false),
  },
  (t) => [
    index('dumps_task_created_idx').on(t.taskId, t.createdAt),
    jobStatusCheck('dumps', t.status),
    check('dumps_format_check', oneOf(t.format, DUMP_FORMATS)),
    check('dumps_progress_check', sql`${t.progress} between 0 and 100`),
    check('dumps_task_status_check', oneOf(t.taskStatus, TASK_STATUSES)),
  ],
)
