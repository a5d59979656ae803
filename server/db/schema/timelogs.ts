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
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { cascadeRef, createdAt, identityId, oneOf, requiredTimestamp, setNullRef } from './columns'
import { taskProtocols } from './definitions'
import {
  PENDING_REASONS,
  type PendingReason,
  TIMELOG_SOURCE_TYPES,
  type TimelogSourceType,
} from './enums'
import { users } from './identity'
import { exportFileColumns, jobStatus, jobTableConstraints } from './job-columns'
import { itemSets, tasks } from './tasks'

/** Kinds of manually logged time, such as a paid bonus break. */
export const timelogTypes = pgTable('timelog_types', {
  id: identityId(),
  name: text().notNull().unique(),
  isBonusBreak: boolean().notNull().default(false),
})

/** A stretch of work time, made from activity or logged by hand, approved by a coordinator. */
export const timeLogIntervals = pgTable(
  'time_log_intervals',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    sourceType: text().$type<TimelogSourceType>().notNull(),
    itemSetId: setNullRef(() => itemSets.id),
    taskId: setNullRef(() => tasks.id),
    protocolId: setNullRef(() => taskProtocols.id),
    startAt: requiredTimestamp(),
    endAt: requiredTimestamp(),
    /** Pending 0, Automatic 1, Accepted 2, Rejected 3. */
    status: smallint().notNull().default(0),
    comment: text().notNull().default(''),
    url: text().notNull().default(''),
    /** Set for manually logged time. */
    timelogTypeId: integer().references(() => timelogTypes.id, { onDelete: 'restrict' }),
    /** Why an interval built from activity waits for a coordinator. */
    pendingReason: text().$type<PendingReason>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_log_intervals_user_start_idx').on(t.userId, t.startAt),
    check(
      'time_log_intervals_pending_reason_check',
      sql`${t.pendingReason} is null or ${oneOf(t.pendingReason, PENDING_REASONS)}`,
    ),
    index('time_log_intervals_status_idx').on(t.status),
    index('time_log_intervals_task_idx').on(t.taskId),
    check('time_log_intervals_source_type_check', oneOf(t.sourceType, TIMELOG_SOURCE_TYPES)),
    check('time_log_intervals_status_check', sql`${t.status} between 0 and 3`),
    check('time_log_intervals_range_check', sql`${t.endAt} >= ${t.startAt}`),
  ],
)

/**
 * Activity counted by a client over a short period, stamped with the client's clock so work done
 * offline still lands in the right interval. The client uuid makes a replayed send a no-op.
 */
export const activitySamples = pgTable(
  'activity_samples',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    clientUuid: uuid().notNull(),
    mouseMoves: integer().notNull().default(0),
    mouseClicks: integer().notNull().default(0),
    keyClicks: integer().notNull().default(0),
    url: text().notNull().default(''),
    source: text().$type<TimelogSourceType>().notNull(),
    itemSetId: setNullRef(() => itemSets.id),
    taskId: setNullRef(() => tasks.id),
    protocolId: setNullRef(() => taskProtocols.id),
    /** When the sample ended on the device's clock, as sent. */
    clientTimestamp: requiredTimestamp(),
    /** The sample's span on the server's clock: the device times corrected by its clock offset. */
    startAt: requiredTimestamp(),
    endAt: requiredTimestamp(),
    /** Device clock minus server clock when the sample was sent, in milliseconds. */
    clockOffsetMs: integer().notNull().default(0),
    /** Whether the counts are real activity (contract/worktime-rules.ts `isRealActivity`). */
    isReal: boolean().notNull(),
    /** Why the intervals this sample builds wait for a coordinator; null when trusted. */
    pendingReason: text().$type<PendingReason>(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_samples_user_client_uuid_key').on(t.userId, t.clientUuid),
    index('activity_samples_user_start_idx').on(t.userId, t.startAt),
    // Quality flags: the real samples of a worker's set overlapping an item's work
    // (server/modules/quality/activity-flags.ts), and the samples a device sent about when a
    // done mark arrived, which measure its clock.
    index('activity_samples_user_set_real_idx')
      .on(t.userId, t.itemSetId, t.startAt)
      .where(sql`${t.isReal}`),
    index('activity_samples_user_received_idx').on(t.userId, t.receivedAt),
    check(
      'activity_samples_pending_reason_check',
      sql`${t.pendingReason} is null or ${oneOf(t.pendingReason, PENDING_REASONS)}`,
    ),
    check('activity_samples_span_check', sql`${t.endAt} >= ${t.startAt}`),
    check('activity_samples_source_check', oneOf(t.source, TIMELOG_SOURCE_TYPES)),
    check(
      'activity_samples_counts_check',
      sql`${t.mouseMoves} >= 0 and ${t.mouseClicks} >= 0 and ${t.keyClicks} >= 0`,
    ),
  ],
)

/** The activity source and URL the user left and the ones they moved to. */
export type ActivityEvent = { source: TimelogSourceType; url: string; [key: string]: unknown }

export const activityTransitions = pgTable(
  'activity_transitions',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    clientUuid: uuid().notNull(),
    sourceEvent: jsonb().$type<ActivityEvent>().notNull(),
    targetEvent: jsonb().$type<ActivityEvent>().notNull(),
    clientTimestamp: requiredTimestamp(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_transitions_user_client_uuid_key').on(t.userId, t.clientUuid),
    index('activity_transitions_user_time_idx').on(t.userId, t.clientTimestamp),
  ],
)

export type WorktimeExportFilters = {
  groups: number[]
  users: number[]
  types: number[]
  task_types: number[]
  projects: number[]
}

export const worktimeExports = pgTable(
  'worktime_exports',
  {
    id: identityId(),
    status: jobStatus(),
    /** 0 to 100 while PROCESSING. */
    progress: doublePrecision().notNull().default(0),
    filters: jsonb().$type<WorktimeExportFilters>().notNull(),
    startAt: requiredTimestamp(),
    endAt: requiredTimestamp(),
    ...exportFileColumns(),
  },
  (t) => [
    ...jobTableConstraints('worktime_exports', t),
    check('worktime_exports_range_check', sql`${t.endAt} > ${t.startAt}`),
  ],
)

export const worktimeExportRows = pgTable(
  'worktime_export_rows',
  {
    exportId: cascadeRef(() => worktimeExports.id),
    userId: cascadeRef(() => users.id),
    worktimeSeconds: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.userId] }),
    check('worktime_export_rows_seconds_check', sql`${t.worktimeSeconds} >= 0`),
  ],
)
