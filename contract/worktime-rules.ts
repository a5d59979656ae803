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

/** A paid bonus break of 5 minutes is earned for every 60 minutes of work, pro rata. */
export const BONUS_BREAK_EARNED_MINUTES = 5
export const BONUS_BREAK_PER_WORK_MINUTES = 60

/** Statuses whose time counts as approved work: built automatically from activity, or accepted. */
export const APPROVED_STATUSES: readonly number[] = [
  TIMELOG_STATUS.AUTOMATIC,
  TIMELOG_STATUS.ACCEPTED,
]

export function isApprovedStatus(status: number): boolean {
  return APPROVED_STATUSES.includes(status)
}

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
