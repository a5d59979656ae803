import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_SAMPLE_PERIOD_SECONDS,
  CLOCK_OFFSET_TOLERANCE_SECONDS,
  DEFAULT_MERGE_THRESHOLD_SECONDS,
  LATE_ARRIVAL_LIMIT_HOURS,
} from '../../../contract/worktime-rules'
import {
  type BuildSample,
  type BuiltInterval,
  buildIntervals,
  extendIntervals,
  independentRuns,
  MAX_SAMPLE_SPAN_SECONDS,
  orderSamples,
  timeSample,
} from './interval-builder'

const MINUTE = 60_000
const T0 = Date.parse('2026-03-02T08:00:00Z')

const sample = (uuid: string, startMinute: number, extra: Partial<BuildSample> = {}) => ({
  uuid,
  startMs: T0 + startMinute * MINUTE,
  endMs: T0 + (startMinute + 1) * MINUTE,
  source: 'TASK' as const,
  itemSetId: null,
  taskId: 1,
  protocolId: null,
  url: '/tasks/1',
  pendingReason: null,
  ...extra,
})

const total = (intervals: BuiltInterval[]) =>
  intervals.reduce((sum, interval) => sum + interval.endMs - interval.startMs, 0)

const sampleArbitrary = fc.record({
  uuid: fc.uuid(),
  start: fc.integer({ min: 0, max: 8 * 60 * 60 }),
  length: fc.integer({ min: 0, max: MAX_SAMPLE_SPAN_SECONDS }),
  source: fc.constantFrom('TASK', 'PROTOCOL', 'REVIEW', 'OTHER'),
  taskId: fc.constantFrom(null, 1, 2),
  pendingReason: fc.constantFrom(null, 'CLOCK_OFFSET', 'LATE_ARRIVAL'),
})
const streamArbitrary = fc.array(sampleArbitrary, { maxLength: 80 }).map((drawn) =>
  drawn.map(
    (d): BuildSample => ({
      uuid: d.uuid,
      startMs: T0 + d.start * 1000,
      endMs: T0 + (d.start + d.length) * 1000,
      source: d.source as BuildSample['source'],
      itemSetId: null,
      taskId: d.taskId,
      protocolId: null,
      url: '',
      pendingReason: d.pendingReason as BuildSample['pendingReason'],
    }),
  ),
)

/** The time covered by the samples and the merge gaps between them: the wall time they span. */
const wallTime = (samples: BuildSample[]) =>
  samples.length === 0
    ? 0
    : Math.max(...samples.map((s) => s.endMs)) - Math.min(...samples.map((s) => s.startMs))

describe('interval building', () => {
  it('joins samples of one context within the threshold and splits at a longer pause', () => {
    const gapMinutes = DEFAULT_MERGE_THRESHOLD_SECONDS / 60
    const built = buildIntervals([
      sample('a', 0),
      sample('b', 1),
      sample('c', 2 + gapMinutes),
      sample('d', 3 + 2 * gapMinutes + 1),
    ])
    expect(built.map((i) => [(i.startMs - T0) / MINUTE, (i.endMs - T0) / MINUTE])).toEqual([
      [0, 3 + gapMinutes],
      [3 + 2 * gapMinutes + 1, 4 + 2 * gapMinutes + 1],
    ])
  })

  it('uses the task type threshold when the task has one', () => {
    const samples = [sample('a', 0), sample('b', 3)]
    expect(buildIntervals(samples, () => 60)).toHaveLength(2)
    expect(buildIntervals(samples, () => 180)).toHaveLength(1)
  })

  it('cuts the earlier interval where another context starts', () => {
    const built = buildIntervals([
      { ...sample('a', 0), endMs: T0 + 2 * MINUTE },
      sample('b', 1, { source: 'PROTOCOL', taskId: null }),
    ])
    expect(
      built.map((i) => [i.source, (i.startMs - T0) / MINUTE, (i.endMs - T0) / MINUTE]),
    ).toEqual([
      ['TASK', 0, 1],
      ['PROTOCOL', 1, 2],
    ])
  })

  it('keeps trusted and pending activity in separate intervals', () => {
    const built = buildIntervals([
      sample('a', 0),
      sample('b', 1, { pendingReason: 'CLOCK_OFFSET' }),
    ])
    expect(built.map((i) => i.pendingReason)).toEqual([null, 'CLOCK_OFFSET'])
  })

  it('never overlaps, never exceeds wall time, and counts replays once, in any arrival order', () => {
    fc.assert(
      fc.property(
        streamArbitrary,
        fc.func(fc.integer()),
        fc.integer({ min: 0, max: 10 }),
        (samples, shuffleKey, replays) => {
          const withReplays = [...samples, ...samples.slice(0, replays)]
          const shuffled = withReplays
            .map((s, index) => ({ s, key: shuffleKey(index) }))
            .sort((a, b) => a.key - b.key)
            .map(({ s }) => s)
          const built = buildIntervals(samples)
          expect(buildIntervals(shuffled)).toEqual(built)
          for (let i = 1; i < built.length; i++) {
            expect(built[i]?.startMs).toBeGreaterThanOrEqual(built[i - 1]?.endMs ?? 0)
          }
          expect(total(built)).toBeLessThanOrEqual(wallTime(samples))
        },
      ),
    )
  })

  it('continues the last interval with later samples exactly as a full build does', () => {
    fc.assert(
      fc.property(streamArbitrary, fc.integer({ min: 0, max: 8 * 60 * 60 }), (samples, pivot) => {
        const cut = T0 + pivot * 1000
        const earlier = samples.filter((s) => s.startMs <= cut)
        const later = samples.filter((s) => s.startMs > cut)
        const before = buildIntervals(earlier)
        const continued = extendIntervals(before.at(-1), orderSamples(later))
        expect([...before.slice(0, -1), ...continued]).toEqual(
          buildIntervals([...earlier, ...later]),
        )
      }),
    )
  })

  it('builds each independent run exactly as the whole stream does', () => {
    fc.assert(
      fc.property(streamArbitrary, (samples) => {
        const runs = independentRuns(samples, DEFAULT_MERGE_THRESHOLD_SECONDS)
        expect(runs.flatMap((run) => buildIntervals(run))).toEqual(buildIntervals(samples))
      }),
    )
  })
})

describe('sample clock', () => {
  const received = Date.parse('2026-03-09T12:00:00Z')
  const iso = (ms: number) => new Date(ms).toISOString()

  it('ends a sample without device times on receipt, spanning one period', () => {
    expect(timeSample({}, received)).toEqual({
      startMs: received - ACTIVITY_SAMPLE_PERIOD_SECONDS * 1000,
      endMs: received,
      clockOffsetMs: 0,
      pendingReason: null,
    })
  })

  it('moves device times by the clock offset and trusts a small one', () => {
    const offset = 90_000
    const timing = timeSample(
      {
        startedAt: iso(received - 10 * MINUTE + offset),
        endedAt: iso(received - 9 * MINUTE + offset),
        sentAt: iso(received + offset),
      },
      received,
    )
    expect(timing).toEqual({
      startMs: received - 10 * MINUTE,
      endMs: received - 9 * MINUTE,
      clockOffsetMs: offset,
      pendingReason: null,
    })
  })

  it('marks a large clock offset, a future end and a late arrival', () => {
    const beyond = (CLOCK_OFFSET_TOLERANCE_SECONDS + 1) * 1000
    expect(timeSample({ sentAt: iso(received - beyond) }, received).pendingReason).toBe(
      'CLOCK_OFFSET',
    )
    expect(timeSample({ endedAt: iso(received + beyond) }, received).pendingReason).toBe(
      'CLOCK_OFFSET',
    )
    const late = received - (LATE_ARRIVAL_LIMIT_HOURS * 60 + 2) * MINUTE
    expect(timeSample({ endedAt: iso(late), sentAt: iso(received) }, received).pendingReason).toBe(
      'LATE_ARRIVAL',
    )
  })

  it('cuts an overlong span to its last part', () => {
    const timing = timeSample(
      { startedAt: iso(received - 60 * MINUTE), endedAt: iso(received) },
      received,
    )
    expect(timing.endMs - timing.startMs).toBe(MAX_SAMPLE_SPAN_SECONDS * 1000)
  })
})
