import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
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
  uuid,
} from 'drizzle-orm/pg-core'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import { cascadeRef, createdAt, identityId, oneOf, restrictRef, setNullRef } from './columns'
import {
  PROTOCOL_SERVING_TYPES,
  type ProtocolServingType,
  TASK_TYPE_STATUSES,
  TASK_TYPE_USER_LISTS,
  type TaskTypeStatus,
  type TaskTypeUserList,
} from './enums'
import { clientGroups, endworkerGroups } from './groups'
import { users } from './identity'
import { mediaObjects } from './media'

/** The schema document types live in the contract; re-exported for code that reads the column. */
export type {
  AnnotationField,
  GridPlacement,
  SchemaField,
  TaskSchemaDocument,
  WidgetConfig,
  WidgetLabel,
} from '../../../contract/task-schema'

export const projects = pgTable('projects', {
  id: identityId(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
  createdAt: createdAt(),
})

/** Named limits a task type can carry (the spec's limiters). */
export const limiters = pgTable('limiters', {
  id: identityId(),
  name: text().notNull().unique(),
})

/**
 * One version of a guideline. Editing a protocol inserts a new row with the same lineage and the
 * next version number and points the old row's `nextVersionId` at it, so tasks keep the exact
 * text their annotators confirmed.
 */
export const taskProtocols = pgTable(
  'task_protocols',
  {
    id: identityId(),
    /** Shared by every version of one protocol. */
    lineageId: uuid().notNull().defaultRandom(),
    version: integer().notNull().default(1),
    name: text().notNull(),
    servingType: text().$type<ProtocolServingType>().notNull().default('TXT'),
    clientGroupId: restrictRef(() => clientGroups.id),
    /** Markdown for TXT protocols. */
    content: text().notNull().default(''),
    /** The PDF of a PDF protocol. */
    fileId: integer().references(() => mediaObjects.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /** What changed against the previous version, shown for `showChangesDays` days. */
    diff: text(),
    showChangesDays: integer().notNull().default(0),
    authorId: setNullRef(() => users.id),
    nextVersionId: setNullRef((): AnyPgColumn => taskProtocols.id),
  },
  (t) => [
    uniqueIndex('task_protocols_lineage_version_key').on(t.lineageId, t.version),
    index('task_protocols_client_group_idx').on(t.clientGroupId),
    check('task_protocols_serving_type_check', oneOf(t.servingType, PROTOCOL_SERVING_TYPES)),
    check('task_protocols_version_check', sql`${t.version} >= 1`),
    check('task_protocols_show_changes_days_check', sql`${t.showChangesDays} between 0 and 365`),
    check(
      'task_protocols_pdf_file_check',
      sql`${t.servingType} <> 'PDF' or ${t.fileId} is not null`,
    ),
  ],
)

/** Who confirmed reading which protocol version; the task routes require it. */
export const protocolReads = pgTable(
  'protocol_reads',
  {
    userId: cascadeRef(() => users.id),
    protocolId: cascadeRef(() => taskProtocols.id),
    readAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.protocolId] }),
    index('protocol_reads_protocol_idx').on(t.protocolId),
  ],
)

/** One version of a task schema (contract/task-schema.ts), versioned like protocols. */
export const taskSchemas = pgTable(
  'task_schemas',
  {
    id: identityId(),
    lineageId: uuid().notNull().defaultRandom(),
    version: integer().notNull().default(1),
    name: text().notNull(),
    schema: jsonb().$type<TaskSchemaDocument>().notNull(),
    authorId: setNullRef(() => users.id),
    clientGroupId: restrictRef(() => clientGroups.id),
    createdAt: createdAt(),
    nextVersionId: setNullRef((): AnyPgColumn => taskSchemas.id),
  },
  (t) => [
    uniqueIndex('task_schemas_lineage_version_key').on(t.lineageId, t.version),
    index('task_schemas_client_group_idx').on(t.clientGroupId),
    check('task_schemas_version_check', sql`${t.version} >= 1`),
  ],
)

/** A kind of work: its schema, protocol, item-set sizing, review and archival rules. */
export const taskTypes = pgTable(
  'task_types',
  {
    id: identityId(),
    name: text().notNull(),
    status: text().$type<TaskTypeStatus>().notNull().default('CREATED'),
    isFixedSets: boolean().notNull().default(false),
    annotationsPerItem: integer().notNull().default(1),
    itemsPerSet: integer().notNull().default(10),
    /** The share of a task's items one worker may annotate. */
    maxItemsPerUserPercent: integer().notNull().default(100),
    reviewEnabled: boolean().notNull().default(false),
    /** Chance, 0 to 1, that a done annotation is sent to review. */
    reviewProbability: doublePrecision().notNull().default(0),
    /** A worker's first this-many annotations are always reviewed. */
    reviewNewcomersBound: integer().notNull().default(0),
    downloadEnabled: boolean().notNull().default(false),
    /** New tasks of the type store their audio only encrypted (their `encryptAudio`). */
    encryptAudio: boolean().notNull().default(false),
    /** Days after a task finishes before it is archived; null never archives. */
    archivationTimeout: integer(),
    deleteArchived: boolean().notNull().default(false),
    schemaId: restrictRef(() => taskSchemas.id),
    protocolId: restrictRef(() => taskProtocols.id),
    defaultMetadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Minutes an item set stays locked to its worker; null uses the instance default. */
    customItemsetLockTime: integer(),
    /** Seconds between activity intervals below which they merge; null uses the default. */
    customTimelogsMergeThreshold: integer(),
    /** Percent, 0 to 50, of each item set made of gold items (contract/quality.ts). */
    goldShare: integer().notNull().default(0),
    /** The highest character error rate at which a text answer still matches the gold one. */
    goldTextMaxCer: doublePrecision().notNull().default(0.1),
    /** How many of a worker's latest gold answers their gold accuracy is measured over. */
    goldWindow: integer().notNull().default(50),
    /** The gold accuracy, 0 to 1, below which the quality gate stops a worker; null is off. */
    minGoldAccuracy: doublePrecision(),
    /** How many gold answers a worker gives before the quality gate judges them. */
    minGoldAnswers: integer().notNull().default(10),
    /** Done faster than this many seconds, an item is flagged TOO_FAST; null is off. */
    minSecondsPerItem: doublePrecision(),
    clientGroupId: restrictRef(() => clientGroups.id),
    defaultProjectId: setNullRef(() => projects.id),
    createdAt: createdAt(),
    authorId: setNullRef(() => users.id),
  },
  (t) => [
    index('task_types_client_group_idx').on(t.clientGroupId),
    index('task_types_schema_idx').on(t.schemaId),
    index('task_types_protocol_idx').on(t.protocolId),
    check('task_types_status_check', oneOf(t.status, TASK_TYPE_STATUSES)),
    check('task_types_annotations_per_item_check', sql`${t.annotationsPerItem} >= 1`),
    check('task_types_items_per_set_check', sql`${t.itemsPerSet} >= 1`),
    check('task_types_max_items_percent_check', sql`${t.maxItemsPerUserPercent} between 1 and 100`),
    check('task_types_review_probability_check', sql`${t.reviewProbability} between 0 and 1`),
    check('task_types_review_newcomers_check', sql`${t.reviewNewcomersBound} >= 0`),
    check('task_types_archivation_timeout_check', sql`${t.archivationTimeout} >= 0`),
    check('task_types_lock_time_check', sql`${t.customItemsetLockTime} > 0`),
    check('task_types_merge_threshold_check', sql`${t.customTimelogsMergeThreshold} >= 0`),
    check('task_types_gold_share_check', sql`${t.goldShare} between 0 and 50`),
    check('task_types_gold_text_max_cer_check', sql`${t.goldTextMaxCer} between 0 and 1`),
    check('task_types_gold_window_check', sql`${t.goldWindow} >= 1`),
    check('task_types_min_gold_accuracy_check', sql`${t.minGoldAccuracy} between 0 and 1`),
    check('task_types_min_gold_answers_check', sql`${t.minGoldAnswers} >= 1`),
    check('task_types_min_seconds_per_item_check', sql`${t.minSecondsPerItem} > 0`),
  ],
)

export const taskTypeLimiters = pgTable(
  'task_type_limiters',
  {
    taskTypeId: cascadeRef(() => taskTypes.id),
    limiterId: cascadeRef(() => limiters.id),
  },
  (t) => [primaryKey({ columns: [t.taskTypeId, t.limiterId] })],
)

/** The task type's whitelist, blacklist and deputies. */
export const taskTypeUsers = pgTable(
  'task_type_users',
  {
    taskTypeId: cascadeRef(() => taskTypes.id),
    userId: cascadeRef(() => users.id),
    list: text().$type<TaskTypeUserList>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskTypeId, t.list, t.userId] }),
    index('task_type_users_user_idx').on(t.userId),
    check('task_type_users_list_check', oneOf(t.list, TASK_TYPE_USER_LISTS)),
  ],
)

/** Endworker groups whose members get this task type's work (the spec's task_groups). */
export const taskTypeGroups = pgTable(
  'task_type_groups',
  {
    id: identityId(),
    taskTypeId: cascadeRef(() => taskTypes.id),
    groupId: cascadeRef(() => endworkerGroups.id),
  },
  (t) => [
    uniqueIndex('task_type_groups_type_group_key').on(t.taskTypeId, t.groupId),
    index('task_type_groups_group_idx').on(t.groupId),
  ],
)

export const taskTypeProjects = pgTable(
  'task_type_projects',
  {
    taskTypeId: cascadeRef(() => taskTypes.id),
    projectId: cascadeRef(() => projects.id),
  },
  (t) => [
    primaryKey({ columns: [t.taskTypeId, t.projectId] }),
    index('task_type_projects_project_idx').on(t.projectId),
  ],
)
