import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import {
  cascadeRef,
  createdAt,
  identityId,
  optionalTimestamp,
  requiredTimestamp,
  restrictRef,
  setNullRef,
} from './columns'
import { users } from './identity'
import { exportFileColumns, jobStatus, jobTableConstraints } from './job-columns'
import { mediaObjects } from './media'

/** An uploaded VSP master file: the pay records the finance manager imports ratio intervals from. */
export const vspMasterFiles = pgTable(
  'vsp_master_files',
  {
    id: identityId(),
    fileId: restrictRef(() => mediaObjects.id),
    status: jobStatus(),
    loadedRecords: integer().notNull().default(0),
    loadedIntervals: integer().notNull().default(0),
    warningsCount: integer().notNull().default(0),
    errorsCount: integer().notNull().default(0),
    /** The import's messages, each naming the row it is about. */
    messages: jsonb()
      .$type<{ warnings: string[]; errors: string[] }>()
      .notNull()
      .default({ warnings: [], errors: [] }),
    authorId: setNullRef(() => users.id),
    createdAt: createdAt(),
    processedAt: optionalTimestamp(),
  },
  (t) => jobTableConstraints('vsp_master_files', t),
)

/** One row of a master file as read, matched to a user when it could be. */
export const vspRecords = pgTable(
  'vsp_records',
  {
    id: identityId(),
    masterFileId: cascadeRef(() => vspMasterFiles.id),
    rowNumber: integer().notNull(),
    userId: setNullRef(() => users.id),
    data: jsonb().$type<Record<string, string>>().notNull(),
  },
  (t) => [
    index('vsp_records_master_file_idx').on(t.masterFileId, t.rowNumber),
    index('vsp_records_user_idx').on(t.userId),
  ],
)

/** A user's pay ratio (percent) over a period; an open end runs until the next interval. */
export const ratioIntervals = pgTable(
  'ratio_intervals',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    ratio: integer().notNull(),
    startAt: requiredTimestamp(),
    endAt: optionalTimestamp(),
    /** The master file the interval was imported from; null when entered by hand. */
    masterFileId: setNullRef(() => vspMasterFiles.id),
    authorId: setNullRef(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ratio_intervals_user_start_idx').on(t.userId, t.startAt),
    check('ratio_intervals_ratio_check', sql`${t.ratio} >= 0`),
    check('ratio_intervals_range_check', sql`${t.endAt} > ${t.startAt}`),
  ],
)

export const financeExports = pgTable(
  'finance_exports',
  {
    id: identityId(),
    status: jobStatus(),
    periodStart: requiredTimestamp(),
    periodEnd: requiredTimestamp(),
    ...exportFileColumns(),
  },
  (t) => [
    ...jobTableConstraints('finance_exports', t),
    check('finance_exports_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)
