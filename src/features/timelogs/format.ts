import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { DATE_TIME_SECONDS_FORMAT } from '../../../contract/constants'
import type { PendingReason, TimelogSourceType } from '../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'

dayjs.extend(utc)

/** This device's time zone as the decimal-hours offset the time-log calls take. */
export function deviceTimeZone(): number {
  return -new Date().getTimezoneOffset() / 60
}

/** Offsets from UTC-12 to UTC+14 in half hours, plus the device's own (5.75 and the like). */
export function timeZoneChoices(): number[] {
  const halves = Array.from({ length: (14 + 12) * 2 + 1 }, (_, index) => index / 2 - 12)
  const device = deviceTimeZone()
  return halves.includes(device) ? halves : [...halves, device].sort((a, b) => a - b)
}

export function timeZoneLabel(offsetHours: number): string {
  const sign = offsetHours < 0 ? '−' : '+'
  const minutes = Math.round(Math.abs(offsetHours) * 60)
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** The spec's time of day with seconds. */
export const TIME_SECONDS_FORMAT = 'HH:mm:ss'

/** An instant shown in the time zone `offsetHours`, by default in the spec's format with seconds. */
export function formatInZone(
  value: string,
  offsetHours: number,
  format = DATE_TIME_SECONDS_FORMAT,
): string {
  return dayjs(value)
    .utcOffset(offsetHours * 60)
    .format(format)
}

/** A length of time as H:mm:ss (hours grow past 24). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/** A calendar day (local midnight to midnight) as the instants bounding it in `offsetHours`. */
export function dayBounds(day: string, offsetHours: number): { start: string; end: string } {
  const start = dayjs.utc(day).subtract(offsetHours * 60, 'minute')
  return { start: start.toISOString(), end: start.add(1, 'day').toISOString() }
}

export const STATUS_LABELS: Record<number, MessageDescriptor> = {
  [TIMELOG_STATUS.PENDING]: msg`Pending`,
  [TIMELOG_STATUS.AUTOMATIC]: msg`Automatic`,
  [TIMELOG_STATUS.ACCEPTED]: msg`Accepted`,
  [TIMELOG_STATUS.REJECTED]: msg`Rejected`,
}

export const STATUS_COLORS: Record<number, string> = {
  [TIMELOG_STATUS.PENDING]: 'yellow',
  [TIMELOG_STATUS.AUTOMATIC]: 'blue',
  [TIMELOG_STATUS.ACCEPTED]: 'green',
  [TIMELOG_STATUS.REJECTED]: 'red',
}

export const SOURCE_LABELS: Record<TimelogSourceType, MessageDescriptor> = {
  TASK: msg`Task`,
  PROTOCOL: msg`Protocol`,
  RECORDING: msg`Recording`,
  PLAYBACK: msg`Playback`,
  REVIEW: msg`Review`,
  FEEDBACK: msg`Feedback`,
  OTHER: msg`Other`,
  TRANSITION_TIME: msg`Moving between screens`,
}

export const PENDING_REASON_LABELS: Record<PendingReason, MessageDescriptor> = {
  CLOCK_OFFSET: msg`The device clock was off`,
  LATE_ARRIVAL: msg`Sent long after it happened`,
}
