import { randomUUID } from 'node:crypto'
import { DB_INTEGER_MAX } from '../../../contract/common'
import type {
  ActivityReceipt,
  ActivitySampleInput,
  ActivityTransitionInput,
} from '../../../contract/timelogs'
import { DEFAULT_MERGE_THRESHOLD_SECONDS, isRealActivity } from '../../../contract/worktime-rules'
import type { Db, Tx } from '../../db/client'
import type { timeLogIntervals } from '../../db/schema'
import { rejudgeFlaggedWork } from '../quality/activity-flags'
import {
  extendActivityInterval,
  insertActivityIntervals,
  latestActivityInterval,
  lockUserActivity,
  replaceActivityIntervals,
} from './activity-interval-queries'
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
  insertSamples,
  insertTransition,
  type LoadedSample,
  latestRealSampleStart,
  realSamplesBetween,
  type SampleRow,
  storedSampleTimings,
  taskThresholds,
} from './sample-queries'

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
    await rejudgeFlaggedWork(tx, userId, [
      ...new Set(freshReal.flatMap((row) => row.itemSetId ?? [])),
    ])
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
