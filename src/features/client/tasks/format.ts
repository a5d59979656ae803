import dayjs from 'dayjs'
import { DATE_FORMAT } from '../../../../contract/constants'

export { formatDateTime } from '../../account/format'

export function formatDate(value: string): string {
  return dayjs(value).format(DATE_FORMAT)
}

/** A span of seconds as h:mm:ss, the same in every display language. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = seconds % 60
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`
}

export function formatPercent(percent: number): string {
  return `${Math.round(percent)}%`
}
