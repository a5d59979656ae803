import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm'
import { APPROVED_STATUSES } from '../../../contract/worktime-rules'

/**
 * Time that counts as work everywhere (stats, task statistics, exports): intervals built
 * automatically or accepted by a coordinator (contract/worktime-rules.ts APPROVED_STATUSES).
 */
export const isApprovedInterval = (status: AnyColumn) => inArray(status, [...APPROVED_STATUSES])

/** The same condition for hand-written SQL over a status expression. */
export const approvedStatusSql = (status: SQL): SQL =>
  sql`${status} in (${sql.join(
    APPROVED_STATUSES.map((value) => sql`${value}`),
    sql`, `,
  )})`
