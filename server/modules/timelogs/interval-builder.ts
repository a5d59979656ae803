import type { PendingReason, TimelogSourceType } from '../../../contract/timelogs'
import {
  ACTIVITY_SAMPLE_PERIOD_SECONDS,
  CLOCK_OFFSET_TOLERANCE_SECONDS,
  DEFAULT_MERGE_THRESHOLD_SECONDS,
  LATE_ARRIVAL_LIMIT_HOURS,
  MIN_INTERVAL_SECONDS,
} from '../../../contract/worktime-rules'

/**
 * The interval rule, in one place (INTERVAL_RULE_TEXT in contract/worktime-rules.ts says it in
 * plain words for workers):
 *
 * 1. Clock trust. Each send carries the device's clock (`sent_at`); the difference to the
 *    server's clock on receipt is the device's clock offset, and the sample's device times are
 *    moved by it onto the server's clock. A sample whose offset exceeds
 *    CLOCK_OFFSET_TOLERANCE_SECONDS, or that ends in the future beyond it, is marked
 *    CLOCK_OFFSET; one received more than LATE_ARRIVAL_LIMIT_HOURS after it ended is marked
 *    LATE_ARRIVAL. Marked samples build PENDING intervals, the others AUTOMATIC ones.
 * 2. Only samples that are real activity (`isRealActivity`) and span some time build intervals;
 *    the others are kept.
 * 3. Samples are taken in the order of their start (ties by end and uuid, so the arrival order
 *    never matters). A sample joins the open interval when it has the same context (source,
 *    item set, task, protocol, trust mark) and starts within the merge threshold (the task type's
 *    `custom_timelogs_merge_threshold`, else DEFAULT_MERGE_THRESHOLD_SECONDS) of its end.
 *    Otherwise the open interval is closed, cut back to where the new sample starts if it reached
 *    beyond, and a new interval opens. So intervals of one user never overlap, and their total is
 *    at most the wall-clock time from the first sample to the last.
 */

/** The longest span a single sample may claim; a longer claimed span is cut to its last part. */
export const MAX_SAMPLE_SPAN_SECONDS = 2 * ACTIVITY_SAMPLE_PERIOD_SECONDS

const SECOND = 1000

/**
 * A measured offset this small is the time the send took on the network, not a wrong clock: the
 * device times are taken as they are, so repeated sends of one device line up exactly.
 */
export const CLOCK_OFFSET_NOISE_MS = 2 * SECOND

export type SampleClockInput = {
  startedAt?: string
  endedAt?: string
  sentAt?: string
}

export type SampleTiming = {
  startMs: number
  endMs: number
  clockOffsetMs: number
  pendingReason: PendingReason | null
}

/** Moves a sample's device times onto the server's clock and decides whether to trust them. */
export function timeSample(input: SampleClockInput, receivedMs: number): SampleTiming {
  const measuredOffsetMs = input.sentAt === undefined ? 0 : Date.parse(input.sentAt) - receivedMs
  const clockOffsetMs = Math.abs(measuredOffsetMs) < CLOCK_OFFSET_NOISE_MS ? 0 : measuredOffsetMs
  const deviceEnd = input.endedAt === undefined ? undefined : Date.parse(input.endedAt)
  const claimedEnd = deviceEnd === undefined ? receivedMs : deviceEnd - clockOffsetMs
  const toleranceMs = CLOCK_OFFSET_TOLERANCE_SECONDS * SECOND
  const endMs = Math.min(claimedEnd, receivedMs)
  const deviceStart = input.startedAt === undefined ? undefined : Date.parse(input.startedAt)
  const claimedStart =
    deviceStart === undefined
      ? endMs - ACTIVITY_SAMPLE_PERIOD_SECONDS * SECOND
      : deviceStart - clockOffsetMs
  const startMs = Math.min(endMs, Math.max(claimedStart, endMs - MAX_SAMPLE_SPAN_SECONDS * SECOND))
  let pendingReason: PendingReason | null = null
  if (Math.abs(clockOffsetMs) > toleranceMs || claimedEnd - receivedMs > toleranceMs) {
    pendingReason = 'CLOCK_OFFSET'
  } else if (receivedMs - endMs > LATE_ARRIVAL_LIMIT_HOURS * 3600 * SECOND) {
    pendingReason = 'LATE_ARRIVAL'
  }
  return { startMs, endMs, clockOffsetMs, pendingReason }
}

export type ActivityContext = {
  source: TimelogSourceType
  itemSetId: number | null
  taskId: number | null
  protocolId: number | null
}

export type BuildSample = ActivityContext & {
  uuid: string
  startMs: number
  endMs: number
  url: string
  pendingReason: PendingReason | null
}

export type BuiltInterval = ActivityContext & {
  startMs: number
  endMs: number
  url: string
  pendingReason: PendingReason | null
}

const sameContext = (a: BuildSample | BuiltInterval, b: BuildSample | BuiltInterval) =>
  a.source === b.source &&
  a.itemSetId === b.itemSetId &&
  a.taskId === b.taskId &&
  a.protocolId === b.protocolId &&
  a.pendingReason === b.pendingReason

const byTime = (a: BuildSample, b: BuildSample) =>
  a.startMs - b.startMs || a.endMs - b.endMs || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0)

/** Whether an interval spans time worth a row (see MIN_INTERVAL_SECONDS). */
export const spansTime = (interval: { startMs: number; endMs: number }) =>
  interval.endMs - interval.startMs >= MIN_INTERVAL_SECONDS * SECOND

/** Merge threshold of the task (by its task type), in seconds. */
export type ThresholdOf = (taskId: number | null) => number

export const defaultThreshold: ThresholdOf = () => DEFAULT_MERGE_THRESHOLD_SECONDS

/** Samples in the order the rule takes them, each uuid once, those spanning no time left out. */
export function orderSamples(samples: readonly BuildSample[]): BuildSample[] {
  const seen = new Set<string>()
  return samples
    .filter((sample) => {
      if (seen.has(sample.uuid) || sample.endMs <= sample.startMs) return false
      seen.add(sample.uuid)
      return true
    })
    .sort(byTime)
}

/**
 * Continues the rule from an open interval (the last one built so far, or none) over samples in
 * rule order that all start after every sample before: answers the open interval as it now ends
 * (first, when given) and the intervals that follow.
 */
export function extendIntervals(
  open: BuiltInterval | undefined,
  ordered: readonly BuildSample[],
  thresholdOf: ThresholdOf = defaultThreshold,
): BuiltInterval[] {
  const built: BuiltInterval[] = []
  let current = open === undefined ? undefined : { ...open }
  for (const sample of ordered) {
    if (
      current !== undefined &&
      sameContext(current, sample) &&
      sample.startMs - current.endMs <= thresholdOf(sample.taskId) * SECOND
    ) {
      current.endMs = Math.max(current.endMs, sample.endMs)
      continue
    }
    if (current !== undefined) {
      current.endMs = Math.min(current.endMs, sample.startMs)
      if (current.endMs > current.startMs) built.push(current)
    }
    current = {
      source: sample.source,
      itemSetId: sample.itemSetId,
      taskId: sample.taskId,
      protocolId: sample.protocolId,
      startMs: sample.startMs,
      endMs: sample.endMs,
      url: sample.url,
      pendingReason: sample.pendingReason,
    }
  }
  if (current !== undefined && current.endMs > current.startMs) built.push(current)
  return built
}

/**
 * Intervals built from real-activity samples of one user (see the rule above). Duplicate uuids
 * count once. The result depends on the set of samples only, not on their order.
 */
export function buildIntervals(
  samples: readonly BuildSample[],
  thresholdOf: ThresholdOf = defaultThreshold,
): BuiltInterval[] {
  return extendIntervals(undefined, orderSamples(samples), thresholdOf)
}

/**
 * Where the samples split into runs that build independently: a run ends where the next sample
 * starts more than the largest threshold after everything before it ended. Rebuilding whole runs
 * gives the same intervals as rebuilding everything.
 */
export function independentRuns(
  samples: readonly BuildSample[],
  maxThresholdSeconds: number,
): BuildSample[][] {
  const ordered = [...samples].sort(byTime)
  const runs: BuildSample[][] = []
  let reach = Number.NEGATIVE_INFINITY
  for (const sample of ordered) {
    const current = runs.at(-1)
    if (current === undefined || sample.startMs - reach > maxThresholdSeconds * SECOND) {
      runs.push([sample])
      reach = sample.endMs
    } else {
      current.push(sample)
      reach = Math.max(reach, sample.endMs)
    }
  }
  return runs
}
