import { msg } from '#lingui-message'
import type {
  FlatIntervalGroup,
  IntervalCount,
  IntervalFilterQuery,
  IntervalListQuery,
  StatsQuery,
  TimeLogInterval,
  TimelogStats,
} from '../../../contract/timelogs'
import { paidSeconds, TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { isoOrNull } from '../../db/raw-rows'
import { permissionDenied } from '../../http/errors'
import {
  countIntervals,
  type IntervalFilter,
  type IntervalRow,
  intervalConditions,
  intervalDays,
  listFlatGroups,
  listIntervals,
} from './interval-queries'
import { coordinatesGroup, type LogScope, userIsVisible } from './scope'
import { userStats } from './stats-queries'

export function intervalView(row: IntervalRow): TimeLogInterval {
  return {
    id: row.id,
    source_type: row.sourceType,
    item_set: row.itemSetId,
    task: row.taskId === null ? null : { id: row.taskId, name: row.taskName ?? '' },
    protocol: row.protocolId === null ? null : { id: row.protocolId, name: row.protocolName ?? '' },
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    duration_seconds: Number(row.duration),
    status: row.status,
    comment: row.comment,
    user: {
      id: row.userId,
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
    },
    url: row.url,
    timelog_type:
      row.timelogTypeId === null
        ? null
        : {
            id: row.timelogTypeId,
            name: row.timelogTypeName ?? '',
            is_bonus_break: row.isBonusBreak ?? false,
          },
    pending_reason: row.pendingReason ?? null,
    created_timestamp: row.createdAt.toISOString(),
  }
}

/** The filter of a list call, checked against what the caller may see. */
async function filterOf(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
): Promise<IntervalFilter> {
  if (query.user !== undefined && !(await userIsVisible(db, scope, query.user))) {
    throw permissionDenied(msg`You may not see the time logs of this user.`)
  }
  if (query.coordination_group !== undefined && !scope.isStaff) {
    if (
      scope.coordinatorId === null ||
      !(await coordinatesGroup(db, scope.coordinatorId, query.coordination_group))
    ) {
      throw permissionDenied(msg`You do not coordinate this coordination group.`)
    }
  }
  return {
    scope,
    userId: query.user,
    coordinationGroup: query.coordination_group,
    start: query.start,
    end: query.end,
    status: query.status,
    sourceType: query.source_type,
    search: query.search,
  }
}

export async function intervalPage(db: Db, scope: LogScope, query: IntervalListQuery) {
  const where = intervalConditions(db, await filterOf(db, scope, query))
  const page = { offset: query.offset, limit: query.limit }
  const { count, rows } = await listIntervals(db, where, query.ordering, page)
  return { count, results: rows.map(intervalView) }
}

export async function flatIntervalPage(db: Db, scope: LogScope, query: IntervalListQuery) {
  const where = intervalConditions(db, await filterOf(db, scope, query))
  const page = { offset: query.offset, limit: query.limit }
  const { count, rows } = await listFlatGroups(db, where, query.tz, query.ordering, page)
  const results = rows.map(
    (row): FlatIntervalGroup => ({
      ids: row.ids.map(Number),
      user: {
        id: row.user_id,
        username: row.username,
        first_name: row.first_name,
        last_name: row.last_name,
      },
      day: row.day,
      source_type: row.source_type,
      status: row.status,
      start: isoOrNull(row.start_at) ?? '',
      end: isoOrNull(row.end_at) ?? '',
      duration_seconds: Number(row.duration),
      tasks: row.task_refs ?? [],
      protocols: row.protocol_refs ?? [],
      item_sets: (row.item_sets ?? []).map(Number),
      comments: row.comments ?? [],
      urls: row.urls ?? [],
    }),
  )
  return { count, results }
}

export async function intervalCount(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
): Promise<IntervalCount> {
  const filter = await filterOf(db, scope, query)
  const [count, allPending] = await Promise.all([
    countIntervals(db, intervalConditions(db, filter)),
    countIntervals(db, intervalConditions(db, { scope, status: TIMELOG_STATUS.PENDING })),
  ])
  return { count, all_pending_count: allPending }
}

export async function activeDays(
  db: Db,
  scope: LogScope,
  query: IntervalFilterQuery,
  pendingOnly: boolean,
) {
  const filter = await filterOf(db, scope, query)
  const where = intervalConditions(
    db,
    pendingOnly ? { ...filter, status: TIMELOG_STATUS.PENDING } : filter,
  )
  return { days: await intervalDays(db, where, query.tz) }
}

export async function ownPendingCount(db: Db, userId: number) {
  const count = await countIntervals(
    db,
    intervalConditions(db, {
      scope: { userId, coordinatorId: null, isStaff: false },
      userId,
      status: TIMELOG_STATUS.PENDING,
    }),
  )
  return { count }
}

export async function timelogStats(
  db: Db,
  scope: LogScope,
  query: StatsQuery,
): Promise<TimelogStats> {
  const userId = query.user ?? scope.userId
  if (!(await userIsVisible(db, scope, userId))) {
    throw permissionDenied(msg`You may not see the time logs of this user.`)
  }
  const row = await userStats(db, userId, query.start, query.end)
  const work = Math.round(Number(row?.total_logged ?? 0))
  const breaks = Math.round(Number(row?.bonus_breaks_time ?? 0))
  return {
    tasks_time: Math.round(Number(row?.tasks_time ?? 0)),
    total_logged: work,
    bonus_breaks_time: breaks,
    paid_time: paidSeconds(work, breaks),
    pending_time: Math.round(Number(row?.pending_time ?? 0)),
  }
}
