import {
  LOCK_EXPIRED_DETAIL,
  QUALITY_STOPPED_DETAIL,
  TASK_FINISHED_DETAIL,
} from '../../../contract/worker'
import { HttpError } from '../../http/errors'

/** The permanent refusals of task routes that the annotation screen explains (spec section 8). */
export const taskFinished = () => new HttpError(409, 'task_finished', TASK_FINISHED_DETAIL)
export const lockExpired = () => new HttpError(410, 'lock_expired', LOCK_EXPIRED_DETAIL)
export const qualityStopped = () => new HttpError(403, 'quality_stopped', QUALITY_STOPPED_DETAIL)
