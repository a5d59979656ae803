import * as v from 'valibot'
import { ACTIVITY_SAMPLE_PERIOD_SECONDS, isRealActivity } from '../../../../contract/worktime-rules'
import {
  ActivityContextSchema,
  type TimelogActivityPayload,
  type TimelogTransitionPayload,
} from '../../../offline/operations/timelog-activity'
import { type ActivityContext, sameContext } from './activity-context'

/** What the page saw: a key press, a mouse button, or a move (mouse, wheel, touch). */
export type ActivityKind = 'key' | 'click' | 'move'

/** Moves, wheel turns and touch moves count at most once a second (spec 4). */
export const MOVE_THROTTLE_MS = 1000
/** The sample in progress is written to storage at most this often. */
export const PERSIST_THROTTLE_MS = 1000

const StoredSampleSchema = v.object({
  owner: v.string(),
  context: ActivityContextSchema,
  mouse_moves: v.number(),
  mouse_clicks: v.number(),
  key_clicks: v.number(),
  startedAt: v.number(),
  lastActivityAt: v.number(),
})
/** A sample in progress: it opens at its first activity and closes one period later. */
export type InProgressSample = v.InferOutput<typeof StoredSampleSchema>

/** Where the sample in progress survives a reload or a closed tab. */
export type SampleStore = {
  read: () => unknown
  write: (sample: InProgressSample) => void
  clear: () => void
}

export type TrackerOptions = {
  store: SampleStore
  /**
   * Stores the sample for sending; may resolve once it is stored (sign-out waits on it), to false
   * when it could not be.
   */
  submitSample: (payload: TimelogActivityPayload) => unknown
  submitTransition: (payload: TimelogTransitionPayload) => void
  now?: () => number
  periodMs?: number
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Measures the signed-in worker's activity: counts per sample period, in the context of the page
 * being worked on, submitted only when it is real activity (contract/worktime-rules.ts), and a
 * transition at each move between pages. Submitting goes through the outbox, so it never fails
 * here; the sample in progress is kept in `store` so a reload does not lose it.
 */
export class ActivityTracker {
  private readonly store: SampleStore
  private readonly submitSample: TrackerOptions['submitSample']
  private readonly submitTransition: TrackerOptions['submitTransition']
  private readonly now: () => number
  private readonly periodMs: number

  private owner: string | null = null
  private context: ActivityContext | null = null
  private sample: InProgressSample | null = null
  private forcedStop = false
  private lastMoveAt = Number.NEGATIVE_INFINITY
  private lastPersistAt = Number.NEGATIVE_INFINITY
  private closeTimer: ReturnType<typeof setTimeout> | undefined
  private persistTimer: ReturnType<typeof setTimeout> | undefined

  constructor(options: TrackerOptions) {
    this.store = options.store
    this.submitSample = options.submitSample
    this.submitTransition = options.submitTransition
    this.now = options.now ?? Date.now
    this.periodMs = options.periodMs ?? ACTIVITY_SAMPLE_PERIOD_SECONDS * 1000
  }

  /**
   * Starts tracking `owner` on `context`. A sample a previous page of the same user left
   * unfinished (closed before it could be submitted) is closed at its last activity and submitted.
   */
  start(owner: string, context: ActivityContext): void {
    this.owner = owner
    this.context = context
    this.forcedStop = false
    const stored = v.safeParse(StoredSampleSchema, this.store.read())
    this.store.clear()
    if (stored.success && stored.output.owner === owner) {
      const { lastActivityAt, startedAt } = stored.output
      void this.submit(stored.output, Math.min(lastActivityAt, startedAt + this.periodMs))
    }
  }

  /** The page changed: the sample of the page left is closed and a transition submitted. */
  navigate(context: ActivityContext): void {
    const left = this.context
    if (left && sameContext(left, context)) return
    this.context = context
    if (!left || !this.owner || this.forcedStop) return
    const now = this.now()
    void this.close(now)
    this.submitTransition({ source_event: left, target_event: context, occurred_at: iso(now) })
  }

  record(kind: ActivityKind): void {
    const { context, owner } = this
    if (!context || !owner || this.forcedStop) return
    const now = this.now()
    if (kind === 'move') {
      if (now - this.lastMoveAt < MOVE_THROTTLE_MS) return
      this.lastMoveAt = now
    }
    if (!this.sample) {
      // On a task or a protocol a click alone does not start activity: it needs a move first.
      const clickOnly =
        kind === 'click' && (context.source === 'TASK' || context.source === 'PROTOCOL')
      if (clickOnly) return
      this.sample = {
        owner,
        context,
        mouse_moves: 0,
        mouse_clicks: 0,
        key_clicks: 0,
        startedAt: now,
        lastActivityAt: now,
      }
      this.closeTimer = setTimeout(() => void this.close(this.now()), this.periodMs)
    }
    const sample = this.sample
    if (kind === 'key') sample.key_clicks += 1
    else if (kind === 'click') sample.mouse_clicks += 1
    else sample.mouse_moves += 1
    sample.lastActivityAt = now
    this.persistSoon(now)
  }

  /**
   * Closes and submits the sample in progress now (the page is hidden or about to go); resolves
   * once it is stored for sending, to whether one was stored.
   */
  flush(): Promise<boolean> {
    return this.close(this.now())
  }

  /** Submits what was measured and logs nothing more until the next `start`. */
  forceStop(): Promise<boolean> {
    const submitted = this.flush()
    this.forcedStop = true
    return submitted
  }

  /** Stops tracking, keeping the sample in progress stored for the next start. */
  stop(): void {
    this.cancelTimers()
    if (this.sample) this.store.write(this.sample)
    this.sample = null
    this.owner = null
    this.context = null
  }

  private close(endedAt: number): Promise<boolean> {
    this.cancelTimers()
    const sample = this.sample
    this.sample = null
    this.store.clear()
    return sample ? this.submit(sample, endedAt) : Promise.resolve(false)
  }

  private async submit(sample: InProgressSample, endedAt: number): Promise<boolean> {
    const { context, mouse_moves, mouse_clicks, key_clicks, startedAt } = sample
    if (!isRealActivity({ source: context.source, mouse_moves, mouse_clicks, key_clicks })) {
      return false
    }
    const stored = await this.submitSample({
      ...context,
      mouse_moves,
      mouse_clicks,
      key_clicks,
      started_at: iso(startedAt),
      ended_at: iso(Math.max(startedAt, endedAt)),
    })
    return stored !== false
  }

  private cancelTimers(): void {
    clearTimeout(this.closeTimer)
    clearTimeout(this.persistTimer)
    this.persistTimer = undefined
  }

  private persistSoon(now: number): void {
    if (this.persistTimer !== undefined) return
    const wait = this.lastPersistAt + PERSIST_THROTTLE_MS - now
    if (wait <= 0) {
      this.persist(now)
      return
    }
    this.persistTimer = setTimeout(() => this.persist(this.now()), wait)
  }

  private persist(now: number): void {
    this.persistTimer = undefined
    this.lastPersistAt = now
    if (this.sample) this.store.write(this.sample)
  }
}
