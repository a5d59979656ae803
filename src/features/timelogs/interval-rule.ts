import { msg } from '@lingui/core/macro'
import {
  ACTIVITY_SAMPLE_PERIOD_SECONDS,
  CLOCK_OFFSET_TOLERANCE_SECONDS,
  DEFAULT_MERGE_THRESHOLD_SECONDS,
  LATE_ARRIVAL_LIMIT_HOURS,
} from '../../../contract/worktime-rules'

/**
 * The interval rule in plain words: the contract's INTERVAL_RULE_TEXT (interval-rule.test.ts
 * holds them equal), here so that it is extracted for translation.
 */
export const INTERVAL_RULE = msg({
  message:
    'Your browser counts key presses, mouse moves and clicks and sends them every {period} seconds, with the screen you were on (task, protocol, review, feedback or other). A sample counts as work when it shows real activity: a key press always counts; on a task a mouse move together with a click; on a protocol a mouse move; elsewhere a move or a click. Samples from the same screen that follow each other within {threshold} seconds (or the task type’s own threshold) join one interval; a longer pause starts a new one. When you switch screens the earlier interval ends where the new one starts, so intervals never overlap and never add up to more than the time that passed. Work done offline is sent when you reconnect and lands at the time it was done. If your device clock was more than {tolerance} seconds off, or the activity arrived more than {late} hours after it happened, the interval waits for a coordinator (pending) with the reason shown; everything else counts at once (automatic).',
})

/** The values of the rule's placeholders on this instance. */
export const INTERVAL_RULE_VALUES = {
  period: ACTIVITY_SAMPLE_PERIOD_SECONDS,
  threshold: DEFAULT_MERGE_THRESHOLD_SECONDS,
  tolerance: CLOCK_OFFSET_TOLERANCE_SECONDS,
  late: LATE_ARRIVAL_LIMIT_HOURS,
}
