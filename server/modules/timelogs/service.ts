import { randomUUID } from 'node:crypto'
import { DB_INTEGER_MAX } from '../../../contract/common'
import { hasPermission } from '../../../contract/roles'
import type {
  ActivityReceipt,
  ActivitySampleInput,
  ActivityTransitionInput,
  BulkIntervalDecision,
  FlatIntervalGroup,
  IntervalCount,
  IntervalDecision,
  IntervalFilterQuery,
  IntervalListQuery,
  IntervalOptions,
  ManualIntervalInput,
  StatsQuery,
  TimeLogInterval,
  TimelogStats,
} from '../../../contract/timelogs'
import {
  CLOCK_OFFSET_TOLERANCE_SECONDS,
  DEFAULT_MERGE_THRESHOLD_SECONDS,
  isRealActivity,
  paidSeconds,
  TIMELOG_STATUS,
} from '../../../contract/worktime-rules'
import type { Db, Tx } from '../../db/client'
import type { timeLogIntervals } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { badRequest, fieldError, notFound, permissionDenied } from '../../http/errors'
import { isoOrNull } from '../client-tasks/raw-rows'
import {
  type BuildSample,
  type BuiltInterval,
  buildIntervals,
  extendIntervals,
  independentRuns,
  orderSamples,
  timeSample,
} from './interval-builder'
import {
  coordinatesGroup,
  countIntervals,
  decideIntervals,
  deleteInterval,
  extendActivityInterval,
  findInterval,
  findTimelogType,
  type IntervalFilter,
  type IntervalRow,
  insertActivityIntervals,
  insertManualInterval,
  insertSamples,
  insertTransition,
  intervalConditions,
  intervalDays,
  intervalsForDecision,
  type LoadedSample,
  type LogScope,
  latestActivityInterval,
  latestRealSampleStart,
  listFlatGroups,
  listIntervals,
  listTimelogTypes,
  lockUserActivity,
  loggableContext,
  ownsContext,
  realSamplesBetween,
  replaceActivityIntervals,
  type SampleRow,
  storedSampleTimings,
  taskThresholds,
  userIsVisible,
  userStats,
  visibleUserIds,
} from './queries'

export function logScopeOf(user: SessionUser): LogScope {
  return {
    userId: user.id,
    coordinatorId: hasPermission(user.roles, 'coordinator') ? user.id : null,
    isStaff: user.roles.includes('staff'),
  }
}

const HOUR = 3_600_000
/**
 * How far around new samples the stored ones are read to find the runs they join: a run of
 * activity without a pause longer than the merge threshold for a whole day is not expected.
 */
const REBUILD_MARGIN_MS = 24 * HOUR

/**
 * Samples that all start after the user's stored activity (a tracker sending as it goes, or an
 * outbox in order) only extend the rule's open interval: the last one built is continued with
 * them, which gives what a full rebuild would.
 */
async function extendLatest(tx: Tx, userId: number, fresh: SampleRow[]) {
  const samples = fresh.map(toBuildSample)
  const thresholds = await taskThresholds(tx, [
    ...new Set(samples.flatMap((sample) => (sample.taskId === null ? [] : [sample.taskId]))),
  ])
  const last = await latestActivityInterval(tx, userId)
  const open = last === undefined ? undefined : toBuiltInterval(last)
  const built = extendIntervals(
    open,
    orderSamples(samples),
    (taskId) =>
      (taskId === null ? undefined : thresholds.get(taskId)) ?? DEFAULT_MERGE_THRESHOLD_SECONDS,
  )
  if (last !== undefined && open !== undefined) {
    const continued = built.shift()
    if (continued !== undefined && continued.endMs !== open.endMs) {
      await extendActivityInterval(tx, last.id, continued)
    }
  }
  await insertActivityIntervals(tx, userId, built)
}

const toBuildSample = (row: SampleRow): BuildSample => ({
  uuid: row.clientUuid,
  startMs: (row.startAt as Date).getTime(),
  endMs: (row.endAt as Date).getTime(),
  source: row.source,
  itemSetId: row.itemSetId ?? null,
  taskId: row.taskId ?? null,
  protocolId: row.protocolId ?? null,
  url: row.url ?? '',
  pendingReason: row.pendingReason ?? null,
})

const toBuiltInterval = (row: typeof timeLogIntervals.$inferSelect): BuiltInterval => ({
  source: row.sourceType,
  itemSetId: row.itemSetId,
  taskId: row.taskId,
  protocolId: row.protocolId,
  startMs: row.startAt.getTime(),
  endMs: row.endAt.getTime(),
  url: row.url,
  pendingReason: row.pendingReason ?? null,
})

/** Rebuilds the intervals of every run of activity that the fresh samples belong to. */
async function rebuildAround(tx: Tx, userId: number, fresh: SampleRow[]) {
  const starts = fresh.map((row) => (row.startAt as Date).getTime())
  const ends = fresh.map((row) => (row.endAt as Date).getTime())
  const loaded = await realSamplesBetween(
    tx,
    userId,
    new Date(Math.min(...starts) - REBUILD_MARGIN_MS),
    new Date(Math.max(...ends) + REBUILD_MARGIN_MS),
  )
  const thresholds = new Map<number | null, number>()
  for (const sample of loaded) thresholds.set(sample.taskId, sample.thresholdSeconds)
  const maxThreshold = Math.max(0, ...thresholds.values())
  const freshUuids = new Set(fresh.map((row) => row.clientUuid))
  const runs = independentRuns(loaded, maxThreshold) as LoadedSample[][]
  for (const run of runs) {
    if (!run.some((sample) => freshUuids.has(sample.uuid))) continue
    const built = buildIntervals(
      run,
      (taskId) => thresholds.get(taskId) ?? DEFAULT_MERGE_THRESHOLD_SECONDS,
    )
    await replaceActivityIntervals(
      tx,
      userId,
      new Date(Math.min(...run.map((sample) => sample.startMs))),
      new Date(Math.max(...run.map((sample) => sample.endMs))),
      built,
    )
  }
}

const secondsOf = (ms: number) => Math.round(ms / 1000)

/**
 * Stores activity samples (one send or a queued batch) and rebuilds the intervals they touch,
 * under the user's lock. A sample already stored under its uuid is a replay and changes nothing.
 */
export async function submitSamples(
  db: Db,
  userId: number,
  samples: ActivitySampleInput[],
  batchSentAt?: string,
): Promise<ActivityReceipt[]> {
  const receivedMs = Date.now()
  const rows = new Map<string, SampleRow>()
  for (const sample of samples) {
    const timing = timeSample(
      {
        startedAt: sample.started_at,
        endedAt: sample.ended_at,
        sentAt: sample.sent_at ?? batchSentAt,
      },
      receivedMs,
    )
    const clientUuid = sample.client_uuid ?? randomUUID()
    rows.set(clientUuid, {
      userId,
      clientUuid,
      mouseMoves: sample.mouse_moves,
      mouseClicks: sample.mouse_clicks,
      keyClicks: sample.key_clicks,
      url: sample.url,
      source: sample.source,
      itemSetId: sample.item_set,
      taskId: sample.task,
      protocolId: sample.protocol,
      clientTimestamp: new Date(
        sample.ended_at === undefined ? timing.endMs + timing.clockOffsetMs : sample.ended_at,
      ),
      startAt: new Date(timing.startMs),
      endAt: new Date(timing.endMs),
      // A clock weeks off would overflow the column; the sample is pending whatever the figure.
      clockOffsetMs: Math.max(-DB_INTEGER_MAX, Math.min(DB_INTEGER_MAX, timing.clockOffsetMs)),
      isReal: isRealActivity(sample),
      pendingReason: timing.pendingReason,
    })
  }
  return db.transaction(async (tx) => {
    await lockUserActivity(tx, userId)
    const latestStart = await latestRealSampleStart(tx, userId)
    const stored = await insertSamples(tx, [...rows.values()])
    const fresh = [...rows.values()].flatMap((row) => {
      const refs = stored.get(row.clientUuid)
      return refs === undefined ? [] : [{ ...row, ...refs }]
    })
    const freshReal = fresh.filter((row) => row.isReal)
    if (freshReal.length > 0) {
      const earliest = Math.min(...freshReal.map((row) => (row.startAt as Date).getTime()))
      if (latestStart === null || earliest > latestStart) await extendLatest(tx, userId, freshReal)
      else await rebuildAround(tx, userId, freshReal)
    }
    const replayed = [...rows.keys()].filter((uuid) => !stored.has(uuid))
    const earlier = new Map(
      replayed.length === 0
        ? []
        : (await storedSampleTimings(tx, userId, replayed)).map((row) => [row.uuid, row]),
    )
    return [...rows.values()].map((row) => {
      const timing = stored.has(row.clientUuid) ? row : earlier.get(row.clientUuid)
      return {
        client_uuid: row.clientUuid,
        replayed: !stored.has(row.clientUuid),
        clock_offset_seconds: secondsOf(timing?.clockOffsetMs ?? 0),
        pending_reason: timing?.pendingReason ?? null,
      }
    })
  })
}

export async function submitTransition(db: Db, userId: number, input: ActivityTransitionInput) {
  const receivedMs = Date.now()
  const clockOffsetMs = input.sent_at === undefined ? 0 : Date.parse(input.sent_at) - receivedMs
  const occurredMs =
    input.occurred_at === undefined ? receivedMs : Date.parse(input.occurred_at) - clockOffsetMs
  const clientUuid = input.client_uuid ?? randomUUID()
  const stored = await insertTransition(db, {
    userId,
    clientUuid,
    sourceEvent: input.source_event,
    targetEvent: input.target_event,
    clientTimestamp: new Date(Math.min(occurredMs, receivedMs)),
  })
  return {
    client_uuid: clientUuid,
    replayed: !stored,
    clock_offset_seconds: secondsOf(clockOffsetMs),
    pending_reason: null,
  }
}

/** How many of the caller's item sets the options offer. */
const OPTIONS_ITEM_SET_LIMIT = 200

export async function intervalOptions(db: Db, userId: number): Promise<IntervalOptions> {
  const [types, sets] = await Promise.all([
    listTimelogTypes(db),
    loggableContext(db, userId, OPTIONS_ITEM_SET_LIMIT),
  ])
  const tasks = new Map<number, string>()
  const protocols = new Map<number, string>()
  for (const set of sets) {
    tasks.set(set.taskId, set.description)
    protocols.set(set.protocolId, set.protocolName)
  }
  const refs = (map: Map<number, string>) => [...map].map(([id, name]) => ({ id, name }))
  return {
    timelog_types: types,
    item_sets: sets.map((set) => ({
      id: set.id,
      name: `${set.description} #${set.position + 1}`,
      task: set.taskId,
    })),
    tasks: refs(tasks),
    protocols: refs(protocols),
  }
}

export function intervalView(row: IntervalRow): TimeLogInterval {
  return {
    id: row.id,
    source_type: row.sourceType,
    item_set: row.itemSetId,
    task: row.taskId === null ? null : { id: row.taskId, name: row.taskName ?? '' },
    protocol: row.protocolId === null ? null : { id: row.protocolId, name: row.protocolName ?? '' },
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    duration_seconds: Number(row.duration),
    status: row.status,
    comment: row.comment,
    user: {
      id: row.userId,
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
    },
    url: row.url,
    timelog_type:
      row.timelogTypeId === null
        ? null
        : {
            id: row.timelogTypeId,
            name: row.timelogTypeName ?? '',
            is_bonus_break: row.isBonusBreak ?? false,
          },
    pending_reason: row.pendingReason ?? null,
    created_timestamp: row.createdAt.toISOString(),
  }
}

/** A manual interval: the caller's own, against a type and what they worked on; PENDING. */
export async function createManualInterval(
  db: Db,
  userId: number,
  input: ManualIntervalInput,
): Promise<TimeLogInterval> {
  const start = new Date(input.start)
  const end = new Date(input.end)
  if (end.getTime() > Date.now() + CLOCK_OFFSET_TOLERANCE_SECONDS * 1000) {
    throw fieldError('end', 'must not be in the future')
  }
  const type = await findTimelogType(db, input.timelog_type)
  if (type === undefined) throw fieldError('timelog_type', 'No such time-log type.')
  const refs = { itemSetId: input.item_set, taskId: input.task, protocolId: input.protocol }
  const foreign = await ownsContext(db, userId, refs)
  if (foreign.length > 0) {
    throw badRequest(
      'Log time only against item sets, tasks and protocols you worked on.',
      Object.fromEntries(foreign.map((field) => [field, ['You have not worked on it.']])),
    )
  }
  const [created] = await insertManualInterval(db, {
    userId,
    sourceType: input.task === null && input.item_set === null ? 'OTHER' : 'TASK',
    ...refs,
    startAt: start,
    endAt: end,
    status: TIMELOG_STATUS.PENDING,
    comment: input.comment,
    timelogTypeId: type.id,
  })
  const row = created === undefined ? undefined : await findInterval(db, created.id)
  if (row === undefined) throw notFound()
  return intervalView(row)
}

/** The filter of a list call, checked against what the caller may see. */
async function filterOf(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
): Promise<IntervalFilter> {
  if (query.user !== undefined && !(await userIsVisible(db, scope, query.user))) {
    throw permissionDenied('You may not see the time logs of this user.')
  }
  if (query.coordination_group !== undefined && !scope.isStaff) {
    if (
      scope.coordinatorId === null ||
      !(await coordinatesGroup(db, scope.coordinatorId, query.coordination_group))
    ) {
      throw permissionDenied('You do not coordinate this coordination group.')
    }
  }
  return {
    scope,
    userId: query.user,
    coordinationGroup: query.coordination_group,
    start: query.start,
    end: query.end,
    status: query.status,
    sourceType: query.source_type,
    search: query.search,
  }
}

export async function intervalPage(db: Db, scope: LogScope, query: IntervalListQuery) {
  const where = intervalConditions(db, await filterOf(db, scope, query))
  const page = { offset: query.offset, limit: query.limit }
  const { count, rows } = await listIntervals(db, where, query.ordering, page)
  return { count, results: rows.map(intervalView) }
}

export async function flatIntervalPage(db: Db, scope: LogScope, query: IntervalListQuery) {
  const where = intervalConditions(db, await filterOf(db, scope, query))
  const page = { offset: query.offset, limit: query.limit }
  const { count, rows } = await listFlatGroups(db, where, query.tz, query.ordering, page)
  const results = rows.map(
    (row): FlatIntervalGroup => ({
      ids: row.ids.map(Number),
      user: {
        id: row.user_id,
        username: row.username,
        first_name: row.first_name,
        last_name: row.last_name,
      },
      day: row.day,
      source_type: row.source_type,
      status: row.status,
      start: isoOrNull(row.start_at) ?? '',
      end: isoOrNull(row.end_at) ?? '',
      duration_seconds: Number(row.duration),
      tasks: row.task_refs ?? [],
      protocols: row.protocol_refs ?? [],
      item_sets: (row.item_sets ?? []).map(Number),
      comments: row.comments ?? [],
      urls: row.urls ?? [],
    }),
  )
  return { count, results }
}

export async function intervalCount(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
): Promise<IntervalCount> {
  const filter = await filterOf(db, scope, query)
  const [count, allPending] = await Promise.all([
    countIntervals(db, intervalConditions(db, filter)),
    countIntervals(db, intervalConditions(db, { scope, status: TIMELOG_STATUS.PENDING })),
  ])
  return { count, all_pending_count: allPending }
}

export async function activeDays(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
  pendingOnly: boolean,
) {
  const filter = await filterOf(db, scope, query)
  const where = intervalConditions(
    db,
    pendingOnly ? { ...filter, status: TIMELOG_STATUS.PENDING } : filter,
  )
  return { days: await intervalDays(db, where, query.tz) }
}

export async function ownPendingCount(db: Db, userId: number) {
  const count = await countIntervals(
    db,
    intervalConditions(db, {
      scope: { userId, coordinatorId: null, isStaff: false },
      userId,
      status: TIMELOG_STATUS.PENDING,
    }),
  )
  return { count }
}

/**
 * Accepts or rejects pending intervals, all or none: each must exist, be pending, and belong to
 * a user the coordinator coordinates (never the coordinator themselves, unless staff).
 */
export async function decide(
  db: Db,
  scope: LogScope,
  decision: BulkIntervalDecision | (IntervalDecision & { ids: number[] }),
) {
  const ids = [...new Set(decision.ids)]
  return db.transaction(async (tx) => {
    const found = await intervalsForDecision(tx, ids)
    const byId = new Map(found.map((row) => [row.id, row]))
    const missing = ids.filter((id) => !byId.has(id))
    const visible = await visibleUserIds(tx, scope, [...new Set(found.map((row) => row.userId))])
    const outside = found
      .filter((row) => (row.userId === scope.userId && !scope.isStaff) || !visible.has(row.userId))
      .map((row) => row.id)
    if (missing.length > 0 || outside.length > 0) {
      throw permissionDenied(
        `These time logs do not exist or are outside your coordination groups: ${[...missing, ...outside].sort((a, b) => a - b).join(', ')}.`,
      )
    }
    const decided = found
      .filter((row) => row.status !== TIMELOG_STATUS.PENDING)
      .map((row) => row.id)
    if (decided.length > 0) {
      throw badRequest(
        `Only pending time logs can be decided; already decided: ${decided.join(', ')}.`,
        {
          ids: [`already decided: ${decided.join(', ')}`],
        },
      )
    }
    const updated = await decideIntervals(tx, ids, decision)
    return { updated: updated.length }
  })
}

export async function decideOne(db: Db, scope: LogScope, id: number, decision: IntervalDecision) {
  await decide(db, scope, { ...decision, ids: [id] })
  const row = await findInterval(db, id)
  if (row === undefined) throw notFound()
  return intervalView(row)
}

/** A worker deletes their own pending interval. */
export async function removeInterval(db: Db, scope: LogScope, id: number) {
  const row = await findInterval(db, id)
  if (row === undefined || !(await userIsVisible(db, scope, row.userId))) throw notFound()
  if (row.userId !== scope.userId) throw permissionDenied('Only the owner may delete a time log.')
  if (row.status !== TIMELOG_STATUS.PENDING) {
    throw permissionDenied('Only pending time logs can be deleted.')
  }
  await deleteInterval(db, id)
}

export async function timelogStats(
  db: Db,
  scope: LogScope,
  query: StatsQuery,
): Promise<TimelogStats> {
  const userId = query.user ?? scope.userId
  if (!(await userIsVisible(db, scope, userId))) {
    throw permissionDenied('You may not see the time logs of this user.')
  }
  const row = await userStats(db, userId, query.start, query.end)
  const work = Math.round(Number(row?.total_logged ?? 0))
  const breaks = Math.round(Number(row?.bonus_breaks_time ?? 0))
  return {
    tasks_time: Math.round(Number(row?.tasks_time ?? 0)),
    total_logged: work,
    bonus_breaks_time: breaks,
    paid_time: paidSeconds(work, breaks),
    pending_time: Math.round(Number(row?.pending_time ?? 0)),
  }
}
