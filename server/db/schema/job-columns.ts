import { type AnyPgColumn, check, index, text } from 'drizzle-orm/pg-core'
import { createdAt, oneOf, optionalTimestamp, setNullRef } from './columns'
import { JOB_STATUSES, type JobStatus } from './enums'
import { users } from './identity'

/** A background job is PROCESSING until it ends FINISHED or FAILED. */
export const jobStatus = () => text().$type<JobStatus>().notNull().default('PROCESSING')

export const jobStatusCheck = (table: string, status: AnyPgColumn) =>
  check(`${table}_status_check`, oneOf(status, JOB_STATUSES))

/** Job tables are listed newest first. */
export const jobTableConstraints = (
  table: string,
  t: { createdAt: AnyPgColumn; status: AnyPgColumn },
) => [index(`${table}_created_idx`).on(t.createdAt), jobStatusCheck(table, t.status)]

/** Who asked for an export file, when it was asked for and made, and the file or the failure. */
export const exportFileColumns = () => ({
  authorId: setNullRef(() => users.id),
  createdAt: createdAt(),
  processedAt: optionalTimestamp(),
  /** Relative to the media directory; set when FINISHED. */
  filePath: text(),
  error: text(),
})
