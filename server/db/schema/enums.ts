/**
 * Value sets stored in text and smallint columns, enforced by check constraints. Kept out of the
 * schema index so the Drizzle schema object holds tables only. The sets the API also speaks are
 * defined in the contract and re-exported here.
 */

export {
  PROTOCOL_SERVING_TYPES,
  type ProtocolServingType,
  TASK_TYPE_STATUSES,
  type TaskTypeStatus,
} from '../../../contract/client-definitions'
export { DUMP_FORMATS, type DumpFormat } from '../../../contract/client-tasks'
export { QUALITY_FLAGS, type QualityFlag } from '../../../contract/quality'
export {
  REVIEW_ERROR_TYPES,
  REVIEW_ITEM_STATUSES,
  REVIEW_MARK,
  type ReviewErrorType,
  type ReviewItemStatus,
} from '../../../contract/review'
export { TASK_STATUSES, type TaskStatus } from '../../../contract/task-intake'

/** Dumps, work-time exports, finance exports and master-file imports share this life cycle. */
export const JOB_STATUSES = ['PROCESSING', 'FINISHED', 'FAILED'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** Which list of a task type a user is on. */
export const TASK_TYPE_USER_LISTS = ['whitelist', 'blacklist', 'deputy'] as const
export type TaskTypeUserList = (typeof TASK_TYPE_USER_LISTS)[number]

export {
  PENDING_REASONS,
  type PendingReason,
  TIMELOG_SOURCE_TYPES,
  type TimelogSourceType,
} from '../../../contract/timelogs'

export { TIMELOG_STATUS } from '../../../contract/worktime-rules'
