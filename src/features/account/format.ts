import dayjs from 'dayjs'
import { DATE_TIME_FORMAT } from '../../../contract/constants'

export function formatDateTime(value: string): string {
  return dayjs(value).format(DATE_TIME_FORMAT)
}
