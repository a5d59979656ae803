import { Readable } from 'node:stream'
import { msg } from '#lingui-message'
import type {
  FinanceExport,
  FinanceExportDetail,
  FinanceExportFilters,
  FinanceExportInput,
} from '../../../contract/finance'
import { paidSeconds } from '../../../contract/worktime-rules'
import { csvLines } from '../../csv/writer'
import type { Db } from '../../db/client'
import { fieldError, notFound } from '../../http/errors'
import { type JobLogger, type JobQueue, transactionConnection } from '../../jobs/queue'
import { removeStoredFile, storeStream } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import {
  approvedTimeByDay,
  type DayTime,
  databaseKnowsTimeZone,
  exportedUserIds,
  periodBounds,
  ratioIntervalsOfUsers,
} from './approved-time-queries'
import {
  clearExportRows,
  exportCorrections,
  exportRowsWithUsers,
  type FinanceExportListRow,
  failFinanceExport,
  financeExportRow,
  finishFinanceExport,
  insertCorrections,
  insertExportRows,
  insertFinanceExport,
  listFinanceExports,
  previousExport,
  setExportProgress,
} from './export-queries'

export const FINANCE_EXPORT_QUEUE = 'finance.export'
type FinanceExportJobData = { exportId: number }

/** Users computed per round trip, and so how often progress moves. */
export const FINANCE_EXPORT_USER_BATCH = 200

export type FinanceExportDeps = { db: Db; media: MediaStore; logger: JobLogger }

export function toFinanceExport({ export: row, author }: FinanceExportListRow): FinanceExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    time_zone: row.timeZone,
    filters: row.filters,
    author,
    created_timestamp: row.createdAt.toISOString(),
    processed_timestamp: row.processedAt?.toISOString() ?? null,
    error: row.error,
    totals: {
      work_seconds: row.workSeconds,
      paid_bonus_break_seconds: row.paidBonusBreakSeconds,
      paid_seconds: row.paidSeconds,
      weighted_seconds: row.weightedSeconds,
    },
    users_count: row.usersCount,
    previous_export: row.previousExportId,
    corrections_count: row.correctionsCount,
  }
}

export async function financeExports(db: Db, page: { offset: number; limit: number }) {
  const { count, rows } = await listFinanceExports(db, page)
  return { count, results: rows.map(toFinanceExport) }
}

async function exportOrMissing(db: Db, id: number) {
  const row = await financeExportRow(db, id)
  if (!row) throw notFound(msg`No such finance export.`)
  return row
}

const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b)

/**
 * Starts an export: the row and its job are written in one transaction. Without a job queue
 * (tests, single-process tools) it runs before the answer, which then tells how it ended.
 */
export async function requestFinanceExport(
  deps: FinanceExportDeps & { jobs: JobQueue | null },
  authorId: number,
  input: FinanceExportInput,
): Promise<FinanceExport> {
  const { db, jobs } = deps
  if (!(await databaseKnowsTimeZone(db, input.time_zone))) {
    throw fieldError('time_zone', msg`The server does not know this time zone; choose another one.`)
  }
  const period = await periodBounds(db, input.date_from, input.date_to, input.time_zone)
  // Sorted, so that exports of the same selection have equal filters (see previousExport).
  const filters: FinanceExportFilters = {
    groups: sortedIds(input.groups),
    users: sortedIds(input.users),
    projects: sortedIds(input.projects),
  }
  const id = await db.transaction(async (tx) => {
    const exportId = await insertFinanceExport(tx, {
      periodStart: period.start,
      periodEnd: period.end,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      timeZone: input.time_zone,
      filters,
      authorId,
    })
    if (jobs) {
      const data: FinanceExportJobData = { exportId }
      await jobs.boss.send(FINANCE_EXPORT_QUEUE, data, transactionConnection(tx))
    }
    return exportId
  })
  if (!jobs) await runFinanceExport(deps, id)
  return toFinanceExport(await exportOrMissing(db, id))
}

type Ratio = { userId: number; ratio: number; startAt: Date; endAt: Date | null }

/** The ratio in force on a day (ratio intervals of one user never overlap). */
function ratioOn(ratios: Ratio[], userId: number, day: string): number | null {
  const midnight = new Date(`${day}T00:00:00Z`)
  const found = ratios.find(
    (ratio) =>
      ratio.userId === userId &&
      ratio.startAt <= midnight &&
      (ratio.endAt === null || ratio.endAt > midnight),
  )
  return found?.ratio ?? null
}

/**
 * One user's day: bonus breaks are paid up to what that day's work earned, and the paid time is
 * weighted by the day's ratio (none, nothing weighted).
 */
export function dayFigures(time: DayTime, ratio: number | null) {
  const paid = paidSeconds(time.workSeconds, time.breakSeconds)
  return {
    workSeconds: time.workSeconds,
    paidBonusBreakSeconds: paid - time.workSeconds,
    paidSeconds: paid,
    ratio,
    weightedSeconds: ratio === null ? 0 : Math.round((paid * ratio) / 100),
  }
}

/**
 * Computes an export: the selected users' approved time per day in batches (progress after each),
 * then the corrections against the previous export of the same selection, then the CSV file.
 * A retried job starts over; a failure leaves the export FAILED with no rows.
 */
export async function runFinanceExport(deps: FinanceExportDeps, exportId: number) {
  const { db, media } = deps
  const found = await financeExportRow(db, exportId)
  if (found?.export.status !== 'PROCESSING') return
  const current = found.export
  let filePath: string | undefined
  try {
    // A retried job finds the rows of its lost run.
    await clearExportRows(db, exportId)
    const period = { start: current.periodStart, end: current.periodEnd }
    const userIds = await exportedUserIds(db, period, current.filters)
    for (let at = 0; at < userIds.length; at += FINANCE_EXPORT_USER_BATCH) {
      const batch = userIds.slice(at, at + FINANCE_EXPORT_USER_BATCH)
      const [times, ratios] = await Promise.all([
        approvedTimeByDay(db, batch, period, current.timeZone, current.filters.projects),
        ratioIntervalsOfUsers(db, batch, current.dateFrom, current.dateTo),
      ])
      await insertExportRows(
        db,
        times.map((time) => ({
          exportId,
          userId: time.userId,
          day: time.day,
          ...dayFigures(time, ratioOn(ratios, time.userId, time.day)),
        })),
      )
      const done = Math.min(userIds.length, at + FINANCE_EXPORT_USER_BATCH)
      // The last step, corrections and the file, is what the final percent stands for.
      await setExportProgress(db, exportId, Math.round((done / userIds.length) * 950) / 10)
    }
    const previous = await previousExport(db, current)
    const correctionsCount = previous
      ? await insertCorrections(db, exportId, previous.id, {
          from: [previous.dateFrom, current.dateFrom].sort()[1]!,
          to: [previous.dateTo, current.dateTo].sort()[0]!,
        })
      : 0
    filePath = (await storeStream(media, Readable.from(financeExportCsv(db, exportId)), '.csv'))
      .storageKey
    await finishFinanceExport(db, exportId, {
      filePath,
      previousExportId: previous?.id ?? null,
      correctionsCount,
    })
  } catch (error) {
    if (filePath) await removeStoredFile(media, filePath)
    deps.logger.error({ err: error, exportId }, 'finance export failed')
    await failFinanceExport(
      db,
      exportId,
      'The export failed unexpectedly; try again, or tell the administrators if it keeps failing.',
    )
  }
}

export const FINANCE_EXPORT_CSV_HEADER = [
  'kind',
  'user_id',
  'username',
  'day',
  'approved_work_seconds',
  'paid_bonus_break_seconds',
  'paid_seconds',
  'ratio_percent',
  'paid_seconds_times_ratio',
  'previous_paid_seconds',
  'previous_ratio_percent',
  'previous_paid_seconds_times_ratio',
]

/**
 * The file: a `day` line per user and day, a `total` line after each user's days, then a
 * `correction` line per day that differs from the previous export, with both sets of figures.
 * Made from the stored rows with the usernames as they are now, so anonymizing a user writes it
 * again without the person's name.
 */
export async function* financeExportCsv(db: Db, exportId: number) {
  yield Buffer.from(csvLines([FINANCE_EXPORT_CSV_HEADER]))
  const rows = await exportRowsWithUsers(db, exportId)
  const lines: unknown[][] = []
  let total: unknown[] | null = null
  for (const row of rows) {
    if (total === null || total[1] !== row.userId) {
      if (total) lines.push(total)
      total = ['total', row.userId, row.username, '', 0, 0, 0, '', 0, '', '', '']
    }
    lines.push([
      'day',
      row.userId,
      row.username,
      row.day,
      row.workSeconds,
      row.paidBonusBreakSeconds,
      row.paidSeconds,
      row.ratio ?? '',
      row.weightedSeconds,
      '',
      '',
      '',
    ])
    total[4] = (total[4] as number) + row.workSeconds
    total[5] = (total[5] as number) + row.paidBonusBreakSeconds
    total[6] = (total[6] as number) + row.paidSeconds
    total[8] = (total[8] as number) + row.weightedSeconds
  }
  if (total) lines.push(total)
  for (const correction of await exportCorrections(db, exportId)) {
    lines.push([
      'correction',
      correction.userId,
      correction.username,
      correction.day,
      '',
      '',
      correction.paidSeconds ?? 0,
      correction.ratio ?? '',
      correction.weightedSeconds,
      correction.previousPaidSeconds ?? 0,
      correction.previousRatio ?? '',
      correction.previousWeightedSeconds,
    ])
  }
  yield Buffer.from(csvLines(lines))
}

/** An export with its totals per user and its corrections. */
export async function financeExportDetail(db: Db, id: number): Promise<FinanceExportDetail> {
  const row = await exportOrMissing(db, id)
  const totals = new Map<number, FinanceExportDetail['user_totals'][number]>()
  for (const day of await exportRowsWithUsers(db, id)) {
    const sum = totals.get(day.userId) ?? {
      user: day.username,
      work_seconds: 0,
      paid_bonus_break_seconds: 0,
      paid_seconds: 0,
      weighted_seconds: 0,
    }
    sum.work_seconds += day.workSeconds
    sum.paid_bonus_break_seconds += day.paidBonusBreakSeconds
    sum.paid_seconds += day.paidSeconds
    sum.weighted_seconds += day.weightedSeconds
    totals.set(day.userId, sum)
  }
  const figures = (paid: number | null, ratio: number | null) =>
    paid === null ? null : { paid_seconds: paid, ratio }
  return {
    ...toFinanceExport(row),
    user_totals: [...totals.values()],
    corrections: (await exportCorrections(db, id)).map((correction) => ({
      user: correction.username,
      day: correction.day,
      previous: figures(correction.previousPaidSeconds, correction.previousRatio),
      current: figures(correction.paidSeconds, correction.ratio),
      previous_weighted_seconds: correction.previousWeightedSeconds,
      weighted_seconds: correction.weightedSeconds,
    })),
  }
}

export async function financeExportFile(db: Db, id: number) {
  const { export: row } = await exportOrMissing(db, id)
  if (row.status !== 'FINISHED' || !row.filePath) {
    throw notFound(msg`This export has no file (yet).`)
  }
  return {
    storageKey: row.filePath,
    mimeType: 'text/csv; charset=utf-8',
    originalName: `finance-export-${row.id}-${row.dateFrom}-${row.dateTo}.csv`,
  }
}

/** Exports run one at a time per worker; a job lost with its process is retried once. */
export async function registerFinanceExportWorker(queue: JobQueue, deps: FinanceExportDeps) {
  await queue.boss.createQueue(FINANCE_EXPORT_QUEUE, { retryLimit: 1, expireInSeconds: 60 * 60 })
  await queue.boss.work<FinanceExportJobData>(
    FINANCE_EXPORT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await runFinanceExport(deps, job.data.exportId)
    },
  )
}
