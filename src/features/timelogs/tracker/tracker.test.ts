import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  TimelogActivityPayload,
  TimelogTransitionPayload,
} from '../../../offline/operations/timelog-activity'
import { activityContextOf } from './activity-context'
import { ActivityTracker, MOVE_THROTTLE_MS, type SampleStore } from './tracker'

const PERIOD_MS = 60_000
const T0 = Date.parse('2026-03-02T09:00:00.000Z')
const TASK_PAGE = activityContextOf('/tasks/4/9/')
const OTHER_PAGE = activityContextOf('/timelogs/')

/** A storage that outlives the trackers made on it, as localStorage outlives a page. */
function memoryStore(): SampleStore & { writes: number; value: unknown } {
  const store = {
    writes: 0,
    value: null as unknown,
    read: () => store.value,
    write: (sample: unknown) => {
      store.writes += 1
      store.value = structuredClone(sample)
    },
    clear: () => {
      store.value = null
    },
  }
  return store
}

function makeTracker(store: SampleStore) {
  const samples: TimelogActivityPayload[] = []
  const transitions: TimelogTransitionPayload[] = []
  const tracker = new ActivityTracker({
    store,
    periodMs: PERIOD_MS,
    submitSample: (sample) => samples.push(sample),
    submitTransition: (transition) => transitions.push(transition),
  })
  return { tracker, samples, transitions }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the activity context of a page', () => {
  it('names the screen and the work it shows', () => {
    expect(activityContextOf('/tasks/4/9/', '?item=2')).toEqual({
      source: 'TASK',
      url: '/tasks/4/9/?item=2',
      task: 4,
      item_set: 9,
    })
    expect(activityContextOf('/tasks/4/9/12/protocol')).toMatchObject({
      source: 'PROTOCOL',
      protocol: 12,
    })
    expect(activityContextOf('/review/protocols/3')).toMatchObject({
      source: 'PROTOCOL',
      protocol: 3,
    })
    expect(activityContextOf('/protocols/3')).toMatchObject({ source: 'PROTOCOL', protocol: 3 })
    expect(activityContextOf('/review/perform/5')).toMatchObject({ source: 'REVIEW', task: 5 })
    expect(activityContextOf('/feedback/')).toMatchObject({ source: 'FEEDBACK' })
    expect(activityContextOf('/reviewers')).toMatchObject({ source: 'OTHER' })
  })
})

describe('the activity tracker', () => {
  it('submits a period of real activity with its span on the device clock', () => {
    const { tracker, samples } = makeTracker(memoryStore())
    tracker.start('7', TASK_PAGE)
    tracker.record('move')
    vi.advanceTimersByTime(5_000)
    tracker.record('click')
    tracker.record('key')
    vi.advanceTimersByTime(PERIOD_MS - 5_000)
    expect(samples).toEqual([
      {
        ...TASK_PAGE,
        mouse_moves: 1,
        mouse_clicks: 1,
        key_clicks: 1,
        started_at: '2026-03-02T09:00:00.000Z',
        ended_at: '2026-03-02T09:01:00.000Z',
      },
    ])
  })

  it('counts moves at most once a second', () => {
    const { tracker, samples } = makeTracker(memoryStore())
    tracker.start('7', OTHER_PAGE)
    for (let step = 0; step < 30; step += 1) {
      tracker.record('move')
      vi.advanceTimersByTime(100)
    }
    vi.advanceTimersByTime(PERIOD_MS)
    expect(samples).toHaveLength(1)
    expect(samples[0]?.mouse_moves).toBe((30 * 100) / MOVE_THROTTLE_MS)
  })

  it('submits nothing that is not real activity on a task', () => {
    const { tracker, samples } = makeTracker(memoryStore())
    tracker.start('7', TASK_PAGE)
    tracker.record('click')
    vi.advanceTimersByTime(PERIOD_MS)
    // Moves alone on a task are not work, nor is a click that came before any move.
    tracker.record('click')
    tracker.record('move')
    vi.advanceTimersByTime(PERIOD_MS)
    expect(samples).toEqual([])
  })

  it('closes the sample of the page left and submits a transition', () => {
    const { tracker, samples, transitions } = makeTracker(memoryStore())
    tracker.start('7', OTHER_PAGE)
    tracker.record('move')
    vi.advanceTimersByTime(10_000)
    tracker.navigate(TASK_PAGE)
    expect(samples).toMatchObject([{ source: 'OTHER', ended_at: '2026-03-02T09:00:10.000Z' }])
    expect(transitions).toEqual([
      {
        source_event: OTHER_PAGE,
        target_event: TASK_PAGE,
        occurred_at: '2026-03-02T09:00:10.000Z',
      },
    ])
  })

  it('keeps the sample in progress across a reload and submits it at the next start', () => {
    const store = memoryStore()
    const before = makeTracker(store)
    before.tracker.start('7', OTHER_PAGE)
    before.tracker.record('key')
    vi.advanceTimersByTime(20_000)
    before.tracker.record('key')
    vi.advanceTimersByTime(500)
    // The page goes, timers and all, without a chance to submit: what was stored is all that is left.
    vi.clearAllTimers()
    const afterReload = makeTracker(store)
    vi.advanceTimersByTime(PERIOD_MS)
    afterReload.tracker.start('7', OTHER_PAGE)
    expect(afterReload.samples).toEqual([
      {
        ...OTHER_PAGE,
        mouse_moves: 0,
        mouse_clicks: 0,
        key_clicks: 2,
        started_at: '2026-03-02T09:00:00.000Z',
        ended_at: '2026-03-02T09:00:20.000Z',
      },
    ])
    expect(store.value).toBeNull()
  })

  it('writes the sample in progress to storage at most once a second', () => {
    const store = memoryStore()
    const { tracker } = makeTracker(store)
    tracker.start('7', OTHER_PAGE)
    for (let step = 0; step < 20; step += 1) {
      tracker.record('key')
      vi.advanceTimersByTime(100)
    }
    // Two seconds of typing: the first key at once, then once a second.
    expect(store.writes).toBe(3)
    expect(store.value).toMatchObject({ key_clicks: 20 })
  })

  it('leaves a sample stored by another user alone', () => {
    const store = memoryStore()
    makeTracker(store).tracker.start('7', OTHER_PAGE)
    const first = makeTracker(store)
    first.tracker.start('7', OTHER_PAGE)
    first.tracker.record('key')
    const other = makeTracker(store)
    other.tracker.start('8', OTHER_PAGE)
    expect(other.samples).toEqual([])
  })

  it('submits at a flush and logs nothing after a forced stop', () => {
    const { tracker, samples, transitions } = makeTracker(memoryStore())
    tracker.start('7', OTHER_PAGE)
    tracker.record('key')
    vi.advanceTimersByTime(3_000)
    tracker.forceStop()
    expect(samples).toMatchObject([{ key_clicks: 1, ended_at: '2026-03-02T09:00:03.000Z' }])
    tracker.record('key')
    tracker.navigate(TASK_PAGE)
    vi.advanceTimersByTime(PERIOD_MS)
    expect(samples).toHaveLength(1)
    expect(transitions).toEqual([])
  })
})
