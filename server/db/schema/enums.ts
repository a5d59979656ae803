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
export { TASK_STATUSES, type TaskStatus } from '../../../contract/task-intake'

/** Dumps, work-time exports, finance exports and master-file imports share this life cycle. */
export const JOB_STATUSES = ['PROCESSING', 'FINISHED', 'FAILED'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** Which list of a task type a user is on. */
export const TASK_TYPE_USER_LISTS = ['whitelist', 'blacklist', 'deputy'] as const
export type TaskTypeUserList = (typeof TASK_TYPE_USER_LISTS)[number]

export const REVIEW_ITEM_STATUSES = ['PENDING', 'LOCKED', 'REVIEWED'] as const
export type ReviewItemStatus = (typeof REVIEW_ITEM_STATUSES)[number]

/** SKIPPED -1, CREATED 0 (not graded yet), BAD 1 to EXCELLENT 5. */
export const REVIEW_MARK = {
  SKIPPED: -1,
  CREATED: 0,
  BAD: 1,
  POOR: 2,
  GOOD: 3,
  VERY_GOOD: 4,
  EXCELLENT: 5,
} as const

export const REVIEW_ERROR_TYPES = [
  'LEXICAL',
  'GRAMMATICAL',
  'SPELLING',
  'AMBIGUOUS_PROTOCOL',
  'PROTOCOL_LACK_OF_CONTEXT',
  'PROTOCOL_NOT_FOLLOWED',
  'OTHER',
  'MISSING_ANNOTATION',
  'IMPOSSIBLE_TO_REVIEW',
  'WRONG_DATA',
  'GENERAL_GUIDE_NOT_FOLLOWED',
] as const
export type ReviewErrorType = (typeof REVIEW_ERROR_TYPES)[number]

/** Both readings of the spec's source types, so activity from either kind of client is kept. */
export const TIMELOG_SOURCE_TYPES = [
  'TASK',
  'PROTOCOL',
  'RECORDING',
  'PLAYBACK',
  'REVIEW',
  'FEEDBACK',
  'OTHER',
  'TRANSITION_TIME',
] as const
export type TimelogSourceType = (typeof TIMELOG_SOURCE_TYPES)[number]

/** Pending 0, Automatic 1, Accepted 2, Rejected 3. */
export const TIMELOG_STATUS = { PENDING: 0, AUTOMATIC: 1, ACCEPTED: 2, REJECTED: 3 } as const
