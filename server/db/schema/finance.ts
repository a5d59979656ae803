import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
} from 'drizzle-orm/pg-core'
import type { FinanceExportFilters } from '../../../contract/finance'
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

/** Seconds summed over days and users; bigint because an export may cover many people. */
const secondsTotal = () => bigint({ mode: 'number' }).notNull().default(0)

/**
 * A finance export of one period in a time zone: its figures per user and day are kept in
 * finance_export_rows, so a later export of the same selection can list what changed since.
 */
export const financeExports = pgTable(
  'finance_exports',
  {
    id: identityId(),
    status: jobStatus(),
    periodStart: requiredTimestamp(),
    periodEnd: requiredTimestamp(),
    /** The period's first and last day (both included) in `timeZone`. */
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    timeZone: text().notNull(),
    filters: jsonb().$type<FinanceExportFilters>().notNull(),
    progress: real().notNull().default(0),
    workSeconds: secondsTotal(),
    paidBonusBreakSeconds: secondsTotal(),
    paidSeconds: secondsTotal(),
    weightedSeconds: secondsTotal(),
    usersCount: integer().notNull().default(0),
    /** The finished export of the same selection this one was compared with. */
    previousExportId: setNullRef((): AnyPgColumn => financeExports.id),
    correctionsCount: integer().notNull().default(0),
    ...exportFileColumns(),
  },
  (t) => [
    ...jobTableConstraints('finance_exports', t),
    check('finance_exports_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)

/** One user's figures on one day of an export. */
export const financeExportRows = pgTable(
  'finance_export_rows',
  {
    exportId: cascadeRef(() => financeExports.id),
    userId: cascadeRef(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    workSeconds: integer().notNull(),
    paidBonusBreakSeconds: integer().notNull(),
    paidSeconds: integer().notNull(),
    /** Null when no ratio interval covers the day: nothing is weighted then. */
    ratio: integer(),
    weightedSeconds: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.userId, t.day] }),
    // The period lock asks whether a user's day was exported.
    index('finance_export_rows_user_day_idx').on(t.userId, t.day),
  ],
)

/** A user's day whose figures differ from those of the previous export of the same selection. */
export const financeExportCorrections = pgTable(
  'finance_export_corrections',
  {
    exportId: cascadeRef(() => financeExports.id),
    userId: cascadeRef(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    /** Null when the previous export had no row for the day. */
    previousPaidSeconds: integer(),
    previousRatio: integer(),
    previousWeightedSeconds: integer().notNull(),
    /** Null when this export has no row for the day any more. */
    paidSeconds: integer(),
    ratio: integer(),
    weightedSeconds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.userId, t.day] })],
)
