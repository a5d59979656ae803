import * as v from 'valibot'
import { msg } from '#lingui-message'
import { PageQueryEntries } from './client-definitions'
import {
  DB_INTEGER_MAX,
  IdParamSchema,
  IdSchema,
  IsoDateTimeSchema,
  pagedSchema,
  wholeNumber,
  wholeNumberText,
} from './common'
import { english } from './english-message'
import { orderingQuery, searchQuery, textFlag, textMoment } from './query'
import { TIMELOG_STATUS } from './worktime-rules'

/**
 * Time logs (the spec's `/timelogs/*` calls): activity samples and transitions sent by the
 * browser tracker, the intervals built from them or logged by hand, their approval, stats, and
 * the coordinators' work-time exports (`/coordinator/worktime-exports/`).
 */

/** Both readings of the spec's source types, so activity from either kind of client is kept. */
export const TIMELOG_SOURCE_TYPES = [
  'TASK',
  'PROTOCOL',
  'RECORDING',
  'PLAYBACK',
  'REVIEW',
  'FEEDBACK',
  'OTHER',
  'TRANSITION_TIME',
] as const
export type TimelogSourceType = (typeof TIMELOG_SOURCE_TYPES)[number]

/** The sources the browser tracker sends: the screen the activity happened on. */
export const TRACKED_SOURCES = ['TASK', 'PROTOCOL', 'REVIEW', 'FEEDBACK', 'OTHER'] as const
export type TrackedSource = (typeof TRACKED_SOURCES)[number]

/** Why an interval built from activity waits for a coordinator instead of counting at once. */
export const PENDING_REASONS = ['CLOCK_OFFSET', 'LATE_ARRIVAL'] as const
export type PendingReason = (typeof PENDING_REASONS)[number]

/** Page sizes of the time-log lists; work-time exports list 100 to a page. */
export const TIMELOG_PAGE_SIZES = [20, 50] as const
export const WORKTIME_EXPORT_PAGE_SIZE = 100
/** The most samples one batch send may carry (the tracker's offline outbox sends in batches). */
export const ACTIVITY_BATCH_MAX = 500

const countField = wholeNumber(0, DB_INTEGER_MAX)
const optionalRef = v.optional(v.nullable(IdSchema), null)
const UrlField = v.optional(
  v.pipe(v.string(), v.maxLength(2000, english(msg`must be at most 2000 characters`))),
  '',
)
const CommentField = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(2000, english(msg`must be at most 2000 characters`))),
  '',
)
const ClientUuidField = v.optional(v.pipe(v.string(), v.uuid(english(msg`must be a UUID`))))
const DeviceInstantField = v.optional(IsoDateTimeSchema)

/** Where activity happened: the screen's source and URL and what it showed. */
const contextEntries = {
  source: v.picklist(
    TIMELOG_SOURCE_TYPES,
    english(msg({ message: 'must be one of {choices}' }), {
      choices: TIMELOG_SOURCE_TYPES.join(', '),
    }),
  ),
  url: UrlField,
  item_set: optionalRef,
  task: optionalRef,
  protocol: optionalRef,
}

/**
 * One activity sample. The device times are optional (the spec's payload has none): without
 * them the sample ends when it is received and spans one sample period. `client_uuid` makes a
 * replay by the same user count once; `sent_at` is the device clock when sending, from which the
 * server estimates the device's clock offset.
 */
export const ActivitySampleInputSchema = v.pipe(
  v.object({
    mouse_moves: countField,
    mouse_clicks: countField,
    key_clicks: countField,
    ...contextEntries,
    client_uuid: ClientUuidField,
    started_at: DeviceInstantField,
    ended_at: DeviceInstantField,
    sent_at: DeviceInstantField,
  }),
  v.forward(
    v.check(
      (sample) =>
        sample.started_at === undefined ||
        sample.ended_at === undefined ||
        Date.parse(sample.started_at) <= Date.parse(sample.ended_at),
      english(msg`must not be before started_at`),
    ),
    ['ended_at'],
  ),
)
export type ActivitySampleInput = v.InferOutput<typeof ActivitySampleInputSchema>

/** Queued samples sent together, each under its own uuid; `sent_at` of the batch applies to all. */
export const ActivityBatchInputSchema = v.object({
  samples: v.pipe(
    v.array(ActivitySampleInputSchema),
    v.minLength(1, english(msg`must hold at least one sample`)),
    v.maxLength(
      ACTIVITY_BATCH_MAX,
      english(msg({ message: 'must hold at most {max} samples' }), { max: ACTIVITY_BATCH_MAX }),
    ),
  ),
  sent_at: DeviceInstantField,
})
export type ActivityBatchInput = v.InferOutput<typeof ActivityBatchInputSchema>

export const ActivityEventSchema = v.object({
  source: contextEntries.source,
  url: UrlField,
  item_set: optionalRef,
  task: optionalRef,
  protocol: optionalRef,
})
export type ActivityEventInput = v.InferOutput<typeof ActivityEventSchema>

/** Moving from one screen to another; `occurred_at` on the device clock (else when received). */
export const ActivityTransitionInputSchema = v.object({
  source_event: ActivityEventSchema,
  target_event: ActivityEventSchema,
  client_uuid: ClientUuidField,
  occurred_at: DeviceInstantField,
  sent_at: DeviceInstantField,
})
export type ActivityTransitionInput = v.InferOutput<typeof ActivityTransitionInputSchema>

/** The answer to a sample or transition (201 when stored, 200 when it was a replay). */
export const ActivityReceiptSchema = v.object({
  client_uuid: v.string(),
  replayed: v.boolean(),
  /** Device clock minus server clock, in seconds, as estimated from `sent_at` (0 without it). */
  clock_offset_seconds: v.number(),
  /** Set when the intervals this sample builds wait for a coordinator. */
  pending_reason: v.nullable(v.picklist(PENDING_REASONS)),
})
export type ActivityReceipt = v.InferOutput<typeof ActivityReceiptSchema>

export const ActivityBatchReceiptSchema = v.object({
  stored: v.number(),
  replayed: v.number(),
  receipts: v.array(ActivityReceiptSchema),
})
export type ActivityBatchReceipt = v.InferOutput<typeof ActivityBatchReceiptSchema>

const RefSchema = v.object({ id: v.number(), name: v.string() })
export type Ref = v.InferOutput<typeof RefSchema>

export const TimelogTypeSchema = v.object({
  id: v.number(),
  name: v.string(),
  is_bonus_break: v.boolean(),
})
export type TimelogType = v.InferOutput<typeof TimelogTypeSchema>

/** What a manual interval may name: `OPTIONS /timelogs/intervals/`. */
export const IntervalOptionsSchema = v.object({
  timelog_types: v.array(TimelogTypeSchema),
  /** Item sets the caller was handed; `name` reads "task description #position". */
  item_sets: v.array(v.object({ id: v.number(), name: v.string(), task: v.number() })),
  tasks: v.array(RefSchema),
  protocols: v.array(RefSchema),
})
export type IntervalOptions = v.InferOutput<typeof IntervalOptionsSchema>

/** A stretch of time logged by hand; it waits for a coordinator (PENDING). */
export const ManualIntervalInputSchema = v.pipe(
  v.object({
    timelog_type: IdSchema,
    start: IsoDateTimeSchema,
    end: IsoDateTimeSchema,
    item_set: optionalRef,
    task: optionalRef,
    protocol: optionalRef,
    comment: CommentField,
  }),
  v.forward(
    v.check(
      (input) => Date.parse(input.start) < Date.parse(input.end),
      english(msg`must be after start`),
    ),
    ['end'],
  ),
)
export type ManualIntervalInput = v.InferOutput<typeof ManualIntervalInputSchema>

export const UserRefSchema = v.object({
  id: v.number(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
})
export type UserRef = v.InferOutput<typeof UserRefSchema>

export const TimeLogIntervalSchema = v.object({
  id: v.number(),
  source_type: v.picklist(TIMELOG_SOURCE_TYPES),
  item_set: v.nullable(v.number()),
  task: v.nullable(RefSchema),
  protocol: v.nullable(RefSchema),
  start: v.string(),
  end: v.string(),
  duration_seconds: v.number(),
  /** Pending 0, Automatic 1, Accepted 2, Rejected 3 (TIMELOG_STATUS). */
  status: v.number(),
  comment: v.string(),
  user: UserRefSchema,
  url: v.string(),
  /** Set for time logged by hand. */
  timelog_type: v.nullable(TimelogTypeSchema),
  /** Why an interval built from activity waits for a coordinator; null otherwise. */
  pending_reason: v.nullable(v.picklist(PENDING_REASONS)),
  created_timestamp: v.string(),
})
export type TimeLogInterval = v.InferOutput<typeof TimeLogIntervalSchema>

/**
 * The flat grouped variant (`flat=true`): one row per user, day (in the asked time zone), source
 * and status, carrying the ids and what the grouped intervals named.
 */
export const FlatIntervalGroupSchema = v.object({
  ids: v.array(v.number()),
  user: UserRefSchema,
  day: v.string(),
  source_type: v.picklist(TIMELOG_SOURCE_TYPES),
  status: v.number(),
  start: v.string(),
  end: v.string(),
  duration_seconds: v.number(),
  tasks: v.array(RefSchema),
  protocols: v.array(RefSchema),
  item_sets: v.array(v.number()),
  comments: v.array(v.string()),
  urls: v.array(v.string()),
})
export type FlatIntervalGroup = v.InferOutput<typeof FlatIntervalGroupSchema>

export const IntervalListSchema = pagedSchema(TimeLogIntervalSchema)
export const FlatIntervalListSchema = pagedSchema(FlatIntervalGroupSchema)

/** A time zone as a decimal-hours offset from UTC: `2`, `-5`, `5.5`, `5.75`. */
export const TzOffsetSchema = v.pipe(
  v.string(),
  v.regex(
    /^[+-]?\d{1,2}(\.\d{1,2})?$/,
    english(msg`must be an offset in hours such as 2, -5 or 5.5`),
  ),
  v.transform(Number),
  v.minValue(-12, english(msg`must be at least -12`)),
  v.maxValue(14, english(msg`must be at most 14`)),
)

export const INTERVAL_ORDERING_FIELDS = [
  'id',
  'start',
  'end',
  'duration',
  'status',
  'source_type',
  'user',
] as const

const statusQuery = v.optional(
  v.pipe(
    wholeNumberText(0, 3, english(msg`must be a time-log status (0 to 3)`)),
    v.transform((value) => value as (typeof TIMELOG_STATUS)[keyof typeof TIMELOG_STATUS]),
  ),
)

/**
 * Filters shared by the list, the count and the day calendars: `start` and `end` bound the
 * intervals that overlap them; `user` and `coordination_group` are for coordinators and staff
 * (a worker always sees their own logs); without `user` a coordinator gets everything they may
 * see, their own logs included, so a worker's own page passes `user`. `search` matches the user's
 * name, the task, the URL and the comment.
 */
const intervalFilterEntries = {
  user: v.optional(IdParamSchema),
  coordination_group: v.optional(IdParamSchema),
  start: v.optional(textMoment),
  end: v.optional(textMoment),
  status: statusQuery,
  source_type: v.optional(v.picklist(TIMELOG_SOURCE_TYPES)),
  search: searchQuery,
  tz: v.optional(TzOffsetSchema, '0'),
}

export const IntervalListQuerySchema = v.object({
  ...intervalFilterEntries,
  ordering: orderingQuery(INTERVAL_ORDERING_FIELDS, '-start'),
  flat: v.optional(textFlag, 'false'),
  offset: PageQueryEntries.offset,
  limit: v.optional(wholeNumberText(1, 100), String(TIMELOG_PAGE_SIZES[0])),
})
export type IntervalListQuery = v.InferOutput<typeof IntervalListQuerySchema>

export const IntervalFilterQuerySchema = v.object(intervalFilterEntries)
export type IntervalFilterQuery = v.InferOutput<typeof IntervalFilterQuerySchema>

export const IntervalCountSchema = v.object({
  count: v.number(),
  /** Pending intervals among everything the caller may see, whatever the other filters. */
  all_pending_count: v.number(),
})
export type IntervalCount = v.InferOutput<typeof IntervalCountSchema>

/** Days (YYYY-MM-DD in the asked time zone) holding any interval, or any pending one. */
export const IntervalDaysSchema = v.object({ days: v.array(v.string()) })
export type IntervalDays = v.InferOutput<typeof IntervalDaysSchema>

/** The caller's own pending intervals: `GET /timelogs/intervals/own-pending-count/`. */
export const OwnPendingCountSchema = v.object({ count: v.number() })

/** A coordinator's decision on a pending interval. */
const decisionEntries = {
  status: v.picklist(
    [TIMELOG_STATUS.ACCEPTED, TIMELOG_STATUS.REJECTED],
    english(msg({ message: 'must be {accepted} (accepted) or {rejected} (rejected)' }), {
      accepted: TIMELOG_STATUS.ACCEPTED,
      rejected: TIMELOG_STATUS.REJECTED,
    }),
  ),
  comment: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(2000, english(msg`must be at most 2000 characters`))),
  ),
}
export const IntervalDecisionSchema = v.object(decisionEntries)
export type IntervalDecision = v.InferOutput<typeof IntervalDecisionSchema>

export const BULK_DECISION_MAX = 500
/** Decides many pending intervals at once: all or none. */
export const BulkIntervalDecisionSchema = v.object({
  ids: v.pipe(
    v.array(IdSchema),
    v.minLength(1, english(msg`must name at least one interval`)),
    v.maxLength(
      BULK_DECISION_MAX,
      english(msg({ message: 'must name at most {max} intervals' }), { max: BULK_DECISION_MAX }),
    ),
  ),
  ...decisionEntries,
})
export type BulkIntervalDecision = v.InferOutput<typeof BulkIntervalDecisionSchema>
export const BulkDecisionResultSchema = v.object({ updated: v.number() })

export const StatsQuerySchema = v.object({
  user: v.optional(IdParamSchema),
  start: v.optional(textMoment),
  end: v.optional(textMoment),
})
export type StatsQuery = v.InferOutput<typeof StatsQuerySchema>

/**
 * Seconds over the range (intervals are cut at its bounds). `total_logged` is approved work
 * (automatic or accepted, bonus breaks apart), `tasks_time` the part of it on tasks,
 * `bonus_breaks_time` approved bonus-break time, `paid_time` work plus the earned part of the
 * breaks (`paidSeconds`), `pending_time` what waits for a coordinator.
 */
export const TimelogStatsSchema = v.object({
  tasks_time: v.number(),
  total_logged: v.number(),
  bonus_breaks_time: v.number(),
  paid_time: v.number(),
  pending_time: v.number(),
})
export type TimelogStats = v.InferOutput<typeof TimelogStatsSchema>

const idList = v.optional(
  v.pipe(v.array(IdSchema), v.maxLength(1000, english(msg`must name at most 1000 ids`))),
  [],
)

export const WorktimeExportInputSchema = v.pipe(
  v.object({
    groups: idList,
    users: idList,
    types: idList,
    task_types: idList,
    projects: idList,
    start: IsoDateTimeSchema,
    end: IsoDateTimeSchema,
  }),
  v.forward(
    v.check(
      (input) => Date.parse(input.start) < Date.parse(input.end),
      english(msg`must be after start`),
    ),
    ['end'],
  ),
)
export type WorktimeExportInput = v.InferOutput<typeof WorktimeExportInputSchema>

export const WORKTIME_EXPORT_STATUSES = ['PROCESSING', 'FINISHED', 'FAILED'] as const

export const WorktimeExportSchema = v.object({
  id: v.number(),
  status: v.picklist(WORKTIME_EXPORT_STATUSES),
  /** 0 to 100 while PROCESSING. */
  progress: v.number(),
  created_timestamp: v.string(),
  processed_timestamp: v.nullable(v.string()),
  filters: v.object({
    groups: v.array(v.number()),
    users: v.array(v.number()),
    types: v.array(v.number()),
    task_types: v.array(v.number()),
    projects: v.array(v.number()),
  }),
  start: v.string(),
  end: v.string(),
  author: v.nullable(v.object({ id: v.number(), username: v.string() })),
  error: v.nullable(v.string()),
  rows_count: v.number(),
  total_seconds: v.number(),
})
export type WorktimeExport = v.InferOutput<typeof WorktimeExportSchema>

export const WorktimeExportRowSchema = v.object({
  user: UserRefSchema,
  worktime_seconds: v.number(),
})
export const WorktimeExportDetailSchema = v.object({
  ...WorktimeExportSchema.entries,
  rows: v.array(WorktimeExportRowSchema),
})
export type WorktimeExportDetail = v.InferOutput<typeof WorktimeExportDetailSchema>

export const WorktimeExportListSchema = pagedSchema(WorktimeExportSchema)
export const WorktimeExportListQuerySchema = v.object({
  offset: PageQueryEntries.offset,
  limit: v.optional(wholeNumberText(1, 1000), String(WORKTIME_EXPORT_PAGE_SIZE)),
})
export type WorktimeExportListQuery = v.InferOutput<typeof WorktimeExportListQuerySchema>

export const WorktimeExportStatsSchema = v.object({
  count: v.number(),
  processing: v.number(),
  finished: v.number(),
  failed: v.number(),
})
export type WorktimeExportStats = v.InferOutput<typeof WorktimeExportStatsSchema>
