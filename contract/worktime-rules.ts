/**
 * Work-time rules shared by the time-log stats, the worker's time-log page and finance exports,
 * so a figure a worker sees and the figure they are paid for come from one definition.
 */

/** Pending 0, Automatic 1, Accepted 2, Rejected 3 (the spec's four-value scale). */
export const TIMELOG_STATUS = { PENDING: 0, AUTOMATIC: 1, ACCEPTED: 2, REJECTED: 3 } as const
export type TimelogStatus = (typeof TIMELOG_STATUS)[keyof typeof TIMELOG_STATUS]

/** The tracker sends one activity sample per period (the spec's "activity submit interval"). */
export const ACTIVITY_SAMPLE_PERIOD_SECONDS = 60

/**
 * Samples of one context that follow each other within this many seconds join one interval when
 * the task type sets no `custom_timelogs_merge_threshold`.
 */
export const DEFAULT_MERGE_THRESHOLD_SECONDS = 300

/**
 * An interval shorter than this (a click just before sign-out or a page change) shows as zero
 * seconds: it is neither stored nor listed.
 */
export const MIN_INTERVAL_SECONDS = 1

/** A paid bonus break of 5 minutes is earned for every 60 minutes of work, pro rata. */
export const BONUS_BREAK_EARNED_MINUTES = 5
export const BONUS_BREAK_PER_WORK_MINUTES = 60

/** Statuses whose time counts as approved work: built automatically from activity, or accepted. */
export const APPROVED_STATUSES: readonly number[] = [
  TIMELOG_STATUS.AUTOMATIC,
  TIMELOG_STATUS.ACCEPTED,
]

/** Seconds of bonus break that `workSeconds` of approved work earns. */
export function earnedBonusBreakSeconds(workSeconds: number): number {
  return Math.floor(
    (Math.max(0, workSeconds) * BONUS_BREAK_EARNED_MINUTES) / BONUS_BREAK_PER_WORK_MINUTES,
  )
}

/**
 * Paid time over a period: approved work, plus approved bonus-break time up to what that work
 * earned. Break time logged beyond the earned amount is shown but not paid.
 */
export function paidSeconds(workSeconds: number, approvedBonusBreakSeconds: number): number {
  const work = Math.max(0, workSeconds)
  return work + Math.min(Math.max(0, approvedBonusBreakSeconds), earnedBonusBreakSeconds(work))
}

/**
 * A device whose clock differs from the server's by more than this (estimated from the time it
 * stamps on each send) is not trusted: the intervals its samples build wait for a coordinator.
 */
export const CLOCK_OFFSET_TOLERANCE_SECONDS = 300

/**
 * Samples received more than this long after they were measured (a device offline for a week)
 * build intervals that wait for a coordinator. The spec's 168 constant: one week in hours.
 */
export const LATE_ARRIVAL_LIMIT_HOURS = 168

/** The counts of one activity sample and the screen they came from. */
export type ActivityCounts = {
  source: string
  mouse_moves: number
  mouse_clicks: number
  key_clicks: number
}

/**
 * Whether a sample is real activity (spec section 5): key clicks always count; on a protocol,
 * mouse moves alone count too; on a task both clicks and moves are needed (a click without a
 * move does not start activity); on any other screen clicks or moves. The tracker sends only
 * real samples and the server builds intervals only from them.
 */
export function isRealActivity(counts: ActivityCounts): boolean {
  if (counts.key_clicks > 0) return true
  const moved = counts.mouse_moves > 0
  const clicked = counts.mouse_clicks > 0
  if (counts.source === 'PROTOCOL') return moved
  if (counts.source === 'TASK') return moved && clicked
  return moved || clicked
}

/**
 * The interval rule in plain words, for the README and the worker's time-log page (which
 * translates it). Placeholders: {period}, {threshold}, {tolerance}, {late}.
 */
export const INTERVAL_RULE_TEXT =
  'Your browser counts key presses, mouse moves and clicks and sends them every {period} seconds, ' +
  'with the screen you were on (task, protocol, review, feedback or other). A sample counts as ' +
  'work when it shows real activity: a key press always counts; on a task a mouse move together ' +
  'with a click; on a protocol a mouse move; elsewhere a move or a click. Samples from the same ' +
  'screen that follow each other within {threshold} seconds (or the task type’s own threshold) ' +
  'join one interval; a longer pause starts a new one. When you switch screens the earlier ' +
  'interval ends where the new one starts, so intervals never overlap and never add up to more ' +
  'than the time that passed. Work done offline is sent when you reconnect and lands at the time ' +
  'it was done. If your device clock was more than {tolerance} seconds off, or the activity ' +
  'arrived more than {late} hours after it happened, the interval waits for a coordinator ' +
  '(pending) with the reason shown; everything else counts at once (automatic).'

/** INTERVAL_RULE_TEXT (or a translation of it) with this instance's constants filled in. */
export function fillIntervalRule(
  text: string,
  mergeThresholdSeconds = DEFAULT_MERGE_THRESHOLD_SECONDS,
) {
  return text
    .replace('{period}', String(ACTIVITY_SAMPLE_PERIOD_SECONDS))
    .replace('{threshold}', String(mergeThresholdSeconds))
    .replace('{tolerance}', String(CLOCK_OFFSET_TOLERANCE_SECONDS))
    .replace('{late}', String(LATE_ARRIVAL_LIMIT_HOURS))
}
