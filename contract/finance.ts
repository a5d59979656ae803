import * as v from 'valibot'
import { msg } from '#lingui-message'
import { PageQueryEntries } from './client-definitions'
import { DUMP_STATUSES as JOB_STATUSES } from './client-tasks'
import { IdParamSchema, IdSchema, pagedSchema, wholeNumber } from './common'
import { english } from './english-message'

/**
 * Finance: pay ratios per user over dates, master files that load them, and finance exports that
 * turn approved work time (contract/worktime-rules.ts) into paid time weighted by the ratio.
 */

/** A ratio is a percentage of the base pay: 100 pays paid time as it is, 150 half as much again. */
export const RATIO_PERCENT_MAX = 1000

/** Master files are small tables; anything larger is not one. */
export const MASTER_FILE_MAX_BYTES = 5 * 1024 * 1024
/** The header a master file must start with, in any order; other columns are ignored. */
export const MASTER_FILE_COLUMNS = ['user', 'ratio', 'valid_from', 'valid_to'] as const

/** An export covers at most this many days, so one job stays bounded. */
export const FINANCE_EXPORT_MAX_DAYS = 366

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** A calendar date, YYYY-MM-DD. */
export const CalendarDateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, english(msg`must be a date written YYYY-MM-DD`)),
  v.check(isRealDate, english(msg`is not a date of the calendar`)),
)

/** Whether the time zone is one the IANA database names (Europe/Warsaw, UTC...). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const TimeZoneSchema = v.pipe(
  v.string(),
  v.nonEmpty(english(msg`choose a time zone`)),
  v.check(isTimeZone, english(msg`is not a known time zone`)),
)

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

const UNTIL_NOT_BEFORE_FROM = english(msg`must not be before the start`)

const ratioField = wholeNumber(0, RATIO_PERCENT_MAX)
/**
 * Changing a ratio on days an export already paid is a correction: the caller says so on purpose,
 * and runs a new export, which lists the corrections.
 */
const correctExportedField = v.optional(v.boolean(), false)

export const RatioIntervalInputSchema = v.pipe(
  v.object({
    user: IdSchema,
    ratio: ratioField,
    valid_from: CalendarDateSchema,
    valid_to: v.optional(v.nullable(CalendarDateSchema), null),
    correct_exported: correctExportedField,
  }),
  v.forward(
    v.partialCheck(
      [['valid_from'], ['valid_to']],
      (input) => input.valid_to === null || input.valid_to >= input.valid_from,
      UNTIL_NOT_BEFORE_FROM,
    ),
    ['valid_to'],
  ),
)
export type RatioIntervalInput = v.InferOutput<typeof RatioIntervalInputSchema>

/** Ends an interval on a day (the last day it applies). */
export const RatioIntervalEndSchema = v.object({
  valid_to: CalendarDateSchema,
  correct_exported: correctExportedField,
})
export type RatioIntervalEnd = v.InferOutput<typeof RatioIntervalEndSchema>

export const RatioIntervalDeleteQuerySchema = v.object({
  correct_exported: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], english(msg`must be 'true' or 'false'`)),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
})

export const FinanceUserSchema = v.object({
  id: IdSchema,
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
})
export type FinanceUser = v.InferOutput<typeof FinanceUserSchema>

export const RatioIntervalSchema = v.object({
  id: IdSchema,
  user: FinanceUserSchema,
  ratio: v.number(),
  valid_from: v.string(),
  valid_to: v.nullable(v.string()),
  master_file: v.nullable(IdSchema),
  author: v.nullable(v.string()),
  created_timestamp: v.string(),
})
export type RatioInterval = v.InferOutput<typeof RatioIntervalSchema>

export const RatioIntervalListQuerySchema = v.object({
  user: v.optional(IdParamSchema),
  group: v.optional(IdParamSchema),
  /** Intervals in force on this day. */
  date: v.optional(CalendarDateSchema),
  ...PageQueryEntries,
})
export type RatioIntervalListQuery = v.InferOutput<typeof RatioIntervalListQuerySchema>
export const RatioIntervalListSchema = pagedSchema(RatioIntervalSchema)

export const MasterFileSchema = v.object({
  id: IdSchema,
  file_name: v.string(),
  status: v.picklist(JOB_STATUSES),
  loaded_records: v.number(),
  loaded_intervals: v.number(),
  warnings_count: v.number(),
  errors_count: v.number(),
  warnings: v.array(v.string()),
  errors: v.array(v.string()),
  author: v.nullable(v.string()),
  created_timestamp: v.string(),
})
export type MasterFile = v.InferOutput<typeof MasterFileSchema>
export const MasterFileListSchema = pagedSchema(MasterFileSchema)
export const PageQuerySchema = v.object(PageQueryEntries)

const idList = v.optional(
  v.pipe(v.array(IdSchema), v.maxLength(1000, english(msg`at most 1000 ids`))),
  [],
)

export const FinanceExportInputSchema = v.pipe(
  v.object({
    date_from: CalendarDateSchema,
    date_to: CalendarDateSchema,
    time_zone: TimeZoneSchema,
    groups: idList,
    users: idList,
    projects: idList,
  }),
  v.forward(
    v.partialCheck(
      [['date_from'], ['date_to']],
      (input) => input.date_to >= input.date_from,
      UNTIL_NOT_BEFORE_FROM,
    ),
    ['date_to'],
  ),
  v.forward(
    v.partialCheck(
      [['date_from'], ['date_to']],
      (input) => daysBetween(input.date_from, input.date_to) <= FINANCE_EXPORT_MAX_DAYS,
      english(msg({ message: 'an export covers at most {max} days' }), {
        max: FINANCE_EXPORT_MAX_DAYS,
      }),
    ),
    ['date_to'],
  ),
)
export type FinanceExportInput = v.InferOutput<typeof FinanceExportInputSchema>

export type FinanceExportFilters = { groups: number[]; users: number[]; projects: number[] }

/** Seconds of each figure summed over days; `weighted` is paid time × ratio. */
export const FinanceFiguresSchema = v.object({
  work_seconds: v.number(),
  paid_bonus_break_seconds: v.number(),
  paid_seconds: v.number(),
  weighted_seconds: v.number(),
})
export type FinanceFigures = v.InferOutput<typeof FinanceFiguresSchema>

export const FinanceExportSchema = v.object({
  id: IdSchema,
  status: v.picklist(JOB_STATUSES),
  progress: v.number(),
  date_from: v.string(),
  date_to: v.string(),
  time_zone: v.string(),
  filters: v.object({
    groups: v.array(IdSchema),
    users: v.array(IdSchema),
    projects: v.array(IdSchema),
  }),
  author: v.nullable(v.string()),
  created_timestamp: v.string(),
  processed_timestamp: v.nullable(v.string()),
  error: v.nullable(v.string()),
  totals: FinanceFiguresSchema,
  users_count: v.number(),
  previous_export: v.nullable(IdSchema),
  corrections_count: v.number(),
})
export type FinanceExport = v.InferOutput<typeof FinanceExportSchema>
export const FinanceExportListSchema = pagedSchema(FinanceExportSchema)

export const FinanceCorrectionSchema = v.object({
  user: v.string(),
  day: v.string(),
  previous: v.nullable(v.object({ paid_seconds: v.number(), ratio: v.nullable(v.number()) })),
  current: v.nullable(v.object({ paid_seconds: v.number(), ratio: v.nullable(v.number()) })),
  previous_weighted_seconds: v.number(),
  weighted_seconds: v.number(),
})
export type FinanceCorrection = v.InferOutput<typeof FinanceCorrectionSchema>

/** An export's totals per user and its corrections against the export before it. */
export const FinanceExportDetailSchema = v.object({
  ...FinanceExportSchema.entries,
  user_totals: v.array(v.object({ user: v.string(), ...FinanceFiguresSchema.entries })),
  corrections: v.array(FinanceCorrectionSchema),
})
export type FinanceExportDetail = v.InferOutput<typeof FinanceExportDetailSchema>

/** What the forms offer: groups and projects to filter by. */
export const FinanceOptionsSchema = v.object({
  groups: v.array(v.object({ id: IdSchema, name: v.string() })),
  projects: v.array(v.object({ id: IdSchema, name: v.string() })),
})
export type FinanceOptions = v.InferOutput<typeof FinanceOptionsSchema>

export const FinanceUserSearchSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  ids: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+(,\d+)*$/, english(msg`must be ids separated by commas`)),
      v.transform((value) => value.split(',').map(Number)),
      v.maxLength(100, english(msg`at most 100 ids`)),
    ),
  ),
})
export const FinanceUserListSchema = v.array(FinanceUserSchema)
