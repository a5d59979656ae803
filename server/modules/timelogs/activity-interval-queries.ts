import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Tx } from '../../db/client'
import { timeLogIntervals } from '../../db/schema'
import { type BuiltInterval, spansTime } from './interval-builder'

/** Serialises interval rebuilding per user, so concurrent sends of one user never interleave. */
const REBUILD_LOCK_CLASS = 4_011

export async function lockUserActivity(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK_CLASS}::int, ${userId}::int)`)
}

/** The user's activity-built interval that starts last: the rule's open interval. */
export async function latestActivityInterval(tx: Tx, userId: number) {
  const [row] = await tx
    .select()
    .from(timeLogIntervals)
    .where(and(eq(timeLogIntervals.userId, userId), isNull(timeLogIntervals.timelogTypeId)))
    .orderBy(desc(timeLogIntervals.startAt))
    .limit(1)
  return row
}

/** A rebuilt interval's status: pending with a reason, else automatic. */
export const builtStatus = (interval: BuiltInterval) =>
  interval.pendingReason === null ? TIMELOG_STATUS.AUTOMATIC : TIMELOG_STATUS.PENDING

/** The open interval now ends later: its earlier decision no longer holds. */
export async function extendActivityInterval(tx: Tx, id: number, interval: BuiltInterval) {
  await tx
    .update(timeLogIntervals)
    .set({ endAt: new Date(interval.endMs), status: builtStatus(interval), comment: '' })
    .where(eq(timeLogIntervals.id, id))
}

/** Stores the built intervals, leaving out those spanning no time worth a row. */
export async function insertActivityIntervals(tx: Tx, userId: number, built: BuiltInterval[]) {
  const stored = built.filter(spansTime)
  if (stored.length === 0) return
  await tx.insert(timeLogIntervals).values(
    stored.map((interval) => ({
      userId,
      sourceType: interval.source,
      itemSetId: interval.itemSetId,
      taskId: interval.taskId,
      protocolId: interval.protocolId,
      startAt: new Date(interval.startMs),
      endAt: new Date(interval.endMs),
      url: interval.url,
      pendingReason: interval.pendingReason,
      status: builtStatus(interval),
    })),
  )
}

const contextKey = (i: {
  startMs: number
  endMs: number
  source: string
  itemSetId: number | null
  taskId: number | null
  protocolId: number | null
}) => [i.startMs, i.endMs, i.source, i.itemSetId, i.taskId, i.protocolId].join('|')

/**
 * Replaces the user's activity-built intervals overlapping [from, to] by the built ones (those
 * spanning time worth a row). An
 * interval a coordinator decided keeps the decision when it is built again unchanged.
 */
export async function replaceActivityIntervals(
  tx: Tx,
  userId: number,
  from: Date,
  to: Date,
  built: BuiltInterval[],
) {
  const inWindow = and(
    eq(timeLogIntervals.userId, userId),
    isNull(timeLogIntervals.timelogTypeId),
    lt(timeLogIntervals.startAt, to),
    gt(timeLogIntervals.endAt, from),
  )
  const removed = await tx.delete(timeLogIntervals).where(inWindow).returning({
    start: timeLogIntervals.startAt,
    end: timeLogIntervals.endAt,
    source: timeLogIntervals.sourceType,
    itemSetId: timeLogIntervals.itemSetId,
    taskId: timeLogIntervals.taskId,
    protocolId: timeLogIntervals.protocolId,
    status: timeLogIntervals.status,
    comment: timeLogIntervals.comment,
  })
  const decided = new Map(
    removed
      .filter(
        (row) => row.status === TIMELOG_STATUS.ACCEPTED || row.status === TIMELOG_STATUS.REJECTED,
      )
      .map((row) => [
        contextKey({ ...row, startMs: row.start.getTime(), endMs: row.end.getTime() }),
        row,
      ]),
  )
  const stored = built.filter(spansTime)
  if (stored.length === 0) return
  await tx.insert(timeLogIntervals).values(
    stored.map((interval) => {
      const decision = decided.get(contextKey(interval))
      return {
        userId,
        sourceType: interval.source,
        itemSetId: interval.itemSetId,
        taskId: interval.taskId,
        protocolId: interval.protocolId,
        startAt: new Date(interval.startMs),
        endAt: new Date(interval.endMs),
        url: interval.url,
        pendingReason: interval.pendingReason,
        status: decision?.status ?? builtStatus(interval),
        comment: decision?.comment ?? '',
      }
    }),
  )
}
