import { msg } from '#lingui-message'
import type {
  RatioInterval,
  RatioIntervalEnd,
  RatioIntervalInput,
  RatioIntervalListQuery,
} from '../../../contract/finance'
import type { Db } from '../../db/client'
import { badRequest, fieldError, notFound } from '../../http/errors'
import { type ApiMessage, withValues } from '../../http/i18n'
import { dayOf, dayStart, endAfter, lastDayBefore } from './days'
import {
  deleteRatioInterval,
  firstExportedDay,
  insertRatioInterval,
  listRatioIntervals,
  lockUser,
  overlappingIntervals,
  type RatioIntervalListRow,
  type RatioIntervalRow,
  ratioIntervalRow,
  ratioIntervalWithUser,
  setRatioInterval,
} from './ratio-interval-queries'

export function toRatioInterval(row: RatioIntervalListRow): RatioInterval {
  return {
    id: row.interval.id,
    user: row.user,
    ratio: row.interval.ratio,
    valid_from: dayOf(row.interval.startAt),
    valid_to: lastDayBefore(row.interval.endAt),
    master_file: row.interval.masterFileId,
    author: row.author,
    created_timestamp: row.interval.createdAt.toISOString(),
  }
}

export const overlapMessage = (interval: RatioIntervalRow): ApiMessage => {
  const until = lastDayBefore(interval.endAt)
  const values = { from: dayOf(interval.startAt), until, ratio: interval.ratio }
  return withValues(
    until === null
      ? msg({
          message:
            'overlaps the interval from {from} on (ratio {ratio}%); change or end that one first.',
        })
      : msg({
          message:
            'overlaps the interval from {from} to {until} (ratio {ratio}%); change or end that one first.',
        }),
    values,
  )
}

export type RangeChange = { userId: number; start: Date; end: Date | null }

/**
 * Where a new interval may go. An open interval that starts before it is closed the day before it
 * starts (a new ratio replaces the one in force); any other overlap is refused.
 */
export async function placeNewInterval(db: Db, change: RangeChange) {
  const overlapping = await overlappingIntervals(db, change.userId, change.start, change.end)
  const toClose = overlapping.find(
    (interval) => interval.endAt === null && interval.startAt < change.start,
  )
  const clash = overlapping.find((interval) => interval !== toClose)
  return { toClose, clash }
}

export const exportedMessage = (found: { exportId: number; day: string }): ApiMessage =>
  withValues(
    msg({
      message:
        "finance export #{exportId} already paid this user's {day}; a change there is a correction: run a new export afterwards, which lists it.",
    }),
    found,
  )

/** Refuses a change of exported days unless the caller marked it as a correction. */
async function requireCorrectionConsent(
  db: Db,
  userId: number,
  ranges: { from: Date; until: Date | null }[],
  consent: boolean,
) {
  if (consent) return
  for (const range of ranges) {
    const found = await firstExportedDay(
      db,
      userId,
      dayOf(range.from),
      range.until ? dayOf(range.until) : null,
    )
    if (found) {
      throw badRequest(msg`The change touches an exported period.`, {
        correct_exported: [
          withValues(
            msg({ message: '{exported} Confirm that the change corrects an exported period.' }),
            { exported: exportedMessage(found) },
          ),
        ],
      })
    }
  }
}

const earlier = (a: Date, b: Date) => (a < b ? a : b)
/** The later of two ends, where null is an open end. */
const laterEnd = (a: Date | null, b: Date | null) =>
  a === null || b === null ? null : a > b ? a : b

type Range = { ratio: number; startAt: Date; endAt: Date | null }

/**
 * The days whose ratio a change alters: all the days of both ranges for a new ratio, otherwise
 * only the days gained or lost at either end.
 */
function changedDays(current: Range, change: Range) {
  const spanOfStarts = {
    from: earlier(current.startAt, change.startAt),
    until: laterEnd(current.startAt, change.startAt),
  }
  if (change.ratio !== current.ratio) {
    return [{ from: spanOfStarts.from, until: laterEnd(current.endAt, change.endAt) }]
  }
  const ranges: { from: Date; until: Date | null }[] = []
  if (change.startAt.getTime() !== current.startAt.getTime()) ranges.push(spanOfStarts)
  if (change.endAt?.getTime() !== current.endAt?.getTime()) {
    const ends = [current.endAt, change.endAt].filter((end) => end !== null)
    ranges.push({ from: ends.reduce(earlier), until: laterEnd(current.endAt, change.endAt) })
  }
  return ranges
}

export async function ratioIntervals(db: Db, query: RatioIntervalListQuery) {
  const { count, rows } = await listRatioIntervals(db, query)
  return { count, results: rows.map(toRatioInterval) }
}

async function answer(db: Db, id: number) {
  const row = await ratioIntervalWithUser(db, id)
  if (!row) throw notFound(msg`The ratio interval was deleted meanwhile.`)
  return toRatioInterval(row)
}

/** Adds an interval; an open interval it starts inside of is closed the day before. */
export async function createRatioInterval(db: Db, authorId: number, input: RatioIntervalInput) {
  const id = await db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.user))) throw fieldError('user', msg`There is no such user.`)
    const start = dayStart(input.valid_from)
    const end = endAfter(input.valid_to)
    const { toClose, clash } = await placeNewInterval(tx, { userId: input.user, start, end })
    if (clash)
      throw fieldError(input.valid_to === null ? 'valid_from' : 'valid_to', overlapMessage(clash))
    await requireCorrectionConsent(
      tx,
      input.user,
      // Closing an open interval takes its ratio from every day after the new start.
      [{ from: start, until: toClose ? null : end }],
      input.correct_exported,
    )
    if (toClose) await setRatioInterval(tx, toClose.id, { ...toClose, endAt: start })
    return insertRatioInterval(tx, {
      userId: input.user,
      ratio: input.ratio,
      startAt: start,
      endAt: end,
      authorId,
    })
  })
  return answer(db, id)
}

async function changeRange(
  db: Db,
  id: number,
  next: (current: RatioIntervalRow) => { ratio: number; startAt: Date; endAt: Date | null },
  consent: boolean,
) {
  await db.transaction(async (tx) => {
    const found = await ratioIntervalRow(tx, id)
    if (!found) throw notFound(msg`No such ratio interval.`)
    await lockUser(tx, found.userId)
    // Read again under the user's lock: a request that held it may have changed or deleted it.
    const current = await ratioIntervalRow(tx, id)
    if (!current) throw notFound(msg`No such ratio interval.`)
    const change = next(current)
    const clash = (
      await overlappingIntervals(tx, current.userId, change.startAt, change.endAt)
    ).find((interval) => interval.id !== id)
    if (clash) {
      throw fieldError(
        change.startAt < clash.startAt ? 'valid_to' : 'valid_from',
        overlapMessage(clash),
      )
    }
    await requireCorrectionConsent(tx, current.userId, changedDays(current, change), consent)
    await setRatioInterval(tx, id, change)
  })
  return answer(db, id)
}

/** Changes an interval's ratio and days; it stays with its user and may not overlap another. */
export async function replaceRatioInterval(db: Db, id: number, input: RatioIntervalInput) {
  const current = await ratioIntervalRow(db, id)
  if (!current) throw notFound(msg`No such ratio interval.`)
  if (current.userId !== input.user) {
    throw fieldError('user', msg`An interval stays with its user: add a new one for another user.`)
  }
  return changeRange(
    db,
    id,
    () => ({
      ratio: input.ratio,
      startAt: dayStart(input.valid_from),
      endAt: endAfter(input.valid_to),
    }),
    input.correct_exported,
  )
}

/** Ends an interval on a day: its last day of force. */
export async function endRatioInterval(db: Db, id: number, input: RatioIntervalEnd) {
  return changeRange(
    db,
    id,
    (current) => {
      if (input.valid_to < dayOf(current.startAt)) {
        throw fieldError('valid_to', msg`must not be before the start`)
      }
      return { ratio: current.ratio, startAt: current.startAt, endAt: endAfter(input.valid_to) }
    },
    input.correct_exported,
  )
}

export async function removeRatioInterval(db: Db, id: number, consent: boolean) {
  await db.transaction(async (tx) => {
    const current = await ratioIntervalRow(tx, id)
    if (!current) throw notFound(msg`No such ratio interval.`)
    await lockUser(tx, current.userId)
    await requireCorrectionConsent(
      tx,
      current.userId,
      [{ from: current.startAt, until: current.endAt }],
      consent,
    )
    await deleteRatioInterval(tx, id)
  })
}
