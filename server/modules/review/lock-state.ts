import { type SQL, sql } from 'drizzle-orm'
import { REVIEW_LOCK_MINUTES } from '../../../contract/review'

const lockTime = sql.raw(`interval '${REVIEW_LOCK_MINUTES} minutes'`)

/** The review item `ri` is locked and its lock holds. */
export const lockHolds: SQL = sql`(ri.status = 'LOCKED' and ri.locked_at > now() - ${lockTime})`

/** The review item `ri` waits for a reviewer: never taken, or its lock expired. */
export const inPool: SQL = sql`(ri.status = 'PENDING'
  or (ri.status = 'LOCKED' and ri.locked_at <= now() - ${lockTime}))`

/** Not graded yet, whether locked or not. */
export const notReviewed: SQL = sql`ri.status <> 'REVIEWED'`

/** When the lock of `ri` ends. */
export const lockExpiration: SQL = sql`case when ri.status = 'LOCKED'
  then ri.locked_at + ${lockTime} end`
