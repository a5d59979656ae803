import dayjs from 'dayjs'

/** Picked days, both included: [first day, last day] as 'YYYY-MM-DD', either may be open. */
export type TimeFrame = [string | null, string | null]

/**
 * The calls' time frame is [timeframe_start, timeframe_end): the frame ends at the start of the
 * day after the last picked day, so that day counts in full.
 */
export function timeFrameQuery([first, last]: TimeFrame) {
  return {
    timeframe_start: first ?? undefined,
    timeframe_end: last ? dayjs(last).add(1, 'day').format('YYYY-MM-DD') : undefined,
  }
}
