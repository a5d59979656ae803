import dayjs from 'dayjs'
import { DATE_TIME_FORMAT } from '../../../contract/constants'

/** A timestamp in the spec's format, or a dash when there is none. */
export const formatMoment = (value: string | null) =>
  value ? dayjs(value).format(DATE_TIME_FORMAT) : '—'
