import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, oneOf, optionalTimestamp } from './columns'
import { JOB_STATUSES, type JobStatus } from './enums'
import { users } from './identity'
import { mediaObjects } from './media'

/** An uploaded VSP master file: the pay records the finance manager imports ratio intervals from. */
export const vspMasterFiles = pgTable(
  'vsp_master_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer()
      .notNull()
      .references(() => mediaObjects.id, { onDelete: 'restrict' }),
    status: text().$type<JobStatus>().notNull().default('PROCESSING'),
    loadedRecords: integer().notNull().default(0),
    loadedIntervals: integer().notNull().default(0),
    warningsCount: integer().notNull().default(0),
    errorsCount: integer().notNull().default(0),
    /** The import's messages, each naming the row it is about. */
    messages: jsonb()
      .$type<{ warnings: string[]; errors: string[] }>()
      .notNull()
      .default({ warnings: [], errors: [] }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    processedAt: optionalTimestamp(),
  },
  (t) => [
    index('vsp_master_files_created_idx').on(t.createdAt),
    check('vsp_master_files_status_check', oneOf(t.status, JOB_STATUSES)),
  ],
)

/** One row of a master file as read, matched to a user when it could be. */
export const vspRecords = pgTable(
  'vsp_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    masterFileId: integer()
      .notNull()
      .references(() => vspMasterFiles.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratio: integer().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: optionalTimestamp(),
    /** The master file the interval was imported from; null when entered by hand. */
    masterFileId: integer().references(() => vspMasterFiles.id, { onDelete: 'set null' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: text().$type<JobStatus>().notNull().default('PROCESSING'),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    processedAt: optionalTimestamp(),
    /** Relative to the media directory; set when FINISHED. */
    filePath: text(),
    error: text(),
  },
  (t) => [
    index('finance_exports_created_idx').on(t.createdAt),
    check('finance_exports_status_check', oneOf(t.status, JOB_STATUSES)),
    check('finance_exports_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)
