import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { TimelogSourceType } from '../../../contract/timelogs'
import { DEFAULT_MERGE_THRESHOLD_SECONDS, TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Db, Tx } from '../../db/client'
import {
  activitySamples,
  activityTransitions,
  coordinationManagedGroups,
  endworkerGroupMembers,
  groupCoordinators,
  itemSets,
  taskProtocols,
  tasks,
  taskTypes,
  timeLogIntervals,
  timelogTypes,
  users,
} from '../../db/schema'
import type { ActivityEvent } from '../../db/schema/timelogs'
import { selectRows } from '../client-tasks/raw-rows'
import { coordinatedUserIds } from '../coordinator/queries'
import { approvedStatusSql } from './approved'
import { type BuildSample, type BuiltInterval, MAX_SAMPLE_SPAN_SECONDS } from './interval-builder'

/** Serialises interval rebuilding per user, so concurrent sends of one user never interleave. */
const REBUILD_LOCK_CLASS = 4_011

export async function lockUserActivity(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK_CLASS}::int, ${userId}::int)`)
}

export type SampleRow = typeof activitySamples.$inferInsert

export type StoredRefs = {
  itemSetId: number | null
  taskId: number | null
  protocolId: number | null
}

/**
 * Stores the samples; a uuid the user already sent is skipped. Answers the stored uuids with the
 * references kept (those naming nothing any more are dropped). The rows
 * go as one JSON parameter (jsonb_to_recordset): a batch of hundreds is one short statement.
 */
export async function insertSamples(tx: Tx, rows: SampleRow[]): Promise<Map<string, StoredRefs>> {
  if (rows.length === 0) return new Map()
  const records = rows.map((row) => ({
    user_id: row.userId,
    client_uuid: row.clientUuid,
    mouse_moves: row.mouseMoves ?? 0,
    mouse_clicks: row.mouseClicks ?? 0,
    key_clicks: row.keyClicks ?? 0,
    url: row.url ?? '',
    source: row.source,
    item_set_id: row.itemSetId ?? null,
    task_id: row.taskId ?? null,
    protocol_id: row.protocolId ?? null,
    client_timestamp: row.clientTimestamp,
    start_at: row.startAt,
    end_at: row.endAt,
    clock_offset_ms: row.clockOffsetMs ?? 0,
    is_real: row.isReal,
    pending_reason: row.pendingReason ?? null,
  }))
  const stored = await selectRows<{
    uuid: string
    item_set_id: number | null
    task_id: number | null
    protocol_id: number | null
  }>(
    tx,
    sql`insert into activity_samples (user_id, client_uuid, mouse_moves, mouse_clicks, key_clicks,
          url, source, item_set_id, task_id, protocol_id, client_timestamp, start_at, end_at,
          clock_offset_ms, is_real, pending_reason)
        select r.user_id, r.client_uuid, r.mouse_moves, r.mouse_clicks, r.key_clicks, r.url,
          r.source,
          -- What a sample names may have been deleted while it waited offline: it is kept
          -- without the reference rather than refused.
          (select s.id from item_sets s where s.id = r.item_set_id),
          (select t.id from tasks t where t.id = r.task_id),
          (select p.id from task_protocols p where p.id = r.protocol_id),
          r.client_timestamp, r.start_at, r.end_at, r.clock_offset_ms, r.is_real, r.pending_reason
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(user_id int,
          client_uuid uuid, mouse_moves int, mouse_clicks int, key_clicks int, url text,
          source text, item_set_id int, task_id int, protocol_id int, client_timestamp timestamptz,
          start_at timestamptz, end_at timestamptz, clock_offset_ms int, is_real boolean,
          pending_reason text)
        on conflict (user_id, client_uuid) do nothing
        returning client_uuid as uuid, item_set_id, task_id, protocol_id`,
  )
  return new Map(
    stored.map((row) => [
      row.uuid,
      { itemSetId: row.item_set_id, taskId: row.task_id, protocolId: row.protocol_id },
    ]),
  )
}

/** How the server timed samples sent before (for the receipts of replays). */
export function storedSampleTimings(tx: Tx, userId: number, uuids: string[]) {
  return tx
    .select({
      uuid: activitySamples.clientUuid,
      clockOffsetMs: activitySamples.clockOffsetMs,
      pendingReason: activitySamples.pendingReason,
    })
    .from(activitySamples)
    .where(and(eq(activitySamples.userId, userId), inArray(activitySamples.clientUuid, uuids)))
}

export async function insertTransition(
  db: Db,
  row: {
    userId: number
    clientUuid: string
    sourceEvent: ActivityEvent
    targetEvent: ActivityEvent
    clientTimestamp: Date
  },
): Promise<boolean> {
  const stored = await db
    .insert(activityTransitions)
    .values(row)
    .onConflictDoNothing({ target: [activityTransitions.userId, activityTransitions.clientUuid] })
    .returning({ id: activityTransitions.id })
  return stored.length > 0
}

/** Where the user's stored real activity starts last: new samples after it only extend. */
export async function latestRealSampleStart(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ start: activitySamples.startAt })
    .from(activitySamples)
    .where(and(eq(activitySamples.userId, userId), eq(activitySamples.isReal, true)))
    .orderBy(desc(activitySamples.startAt))
    .limit(1)
  return row?.start.getTime() ?? null
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

/** Merge thresholds (seconds) of the tasks' types; tasks without one are left out. */
export async function taskThresholds(tx: Tx, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, number>()
  const rows = await tx
    .select({ taskId: tasks.id, threshold: taskTypes.customTimelogsMergeThreshold })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(inArray(tasks.id, taskIds))
  return new Map(
    rows.flatMap((row) => (row.threshold === null ? [] : [[row.taskId, row.threshold] as const])),
  )
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

export async function insertActivityIntervals(tx: Tx, userId: number, built: BuiltInterval[]) {
  if (built.length === 0) return
  await tx.insert(timeLogIntervals).values(
    built.map((interval) => ({
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

export type LoadedSample = BuildSample & { thresholdSeconds: number }

/** The user's real-activity samples overlapping the window, with their merge thresholds. */
export async function realSamplesBetween(
  tx: Tx,
  userId: number,
  from: Date,
  to: Date,
): Promise<LoadedSample[]> {
  const rows = await tx
    .select({
      uuid: activitySamples.clientUuid,
      start: activitySamples.startAt,
      end: activitySamples.endAt,
      source: activitySamples.source,
      itemSetId: activitySamples.itemSetId,
      taskId: activitySamples.taskId,
      protocolId: activitySamples.protocolId,
      url: activitySamples.url,
      pendingReason: activitySamples.pendingReason,
      threshold: taskTypes.customTimelogsMergeThreshold,
    })
    .from(activitySamples)
    .leftJoin(tasks, eq(tasks.id, activitySamples.taskId))
    .leftJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(
      and(
        eq(activitySamples.userId, userId),
        eq(activitySamples.isReal, true),
        sql`${activitySamples.endAt} >= ${from.toISOString()}::timestamptz`,
        // A sample spans at most MAX_SAMPLE_SPAN_SECONDS, so this bound keeps the index range short.
        sql`${activitySamples.startAt} >= ${new Date(from.getTime() - MAX_SAMPLE_SPAN_SECONDS * 1000).toISOString()}::timestamptz`,
        sql`${activitySamples.startAt} <= ${to.toISOString()}::timestamptz`,
      ),
    )
  return rows.map((row) => ({
    uuid: row.uuid,
    startMs: row.start.getTime(),
    endMs: row.end.getTime(),
    source: row.source,
    itemSetId: row.itemSetId,
    taskId: row.taskId,
    protocolId: row.protocolId,
    url: row.url,
    pendingReason: row.pendingReason ?? null,
    thresholdSeconds: row.threshold ?? DEFAULT_MERGE_THRESHOLD_SECONDS,
  }))
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
 * Replaces the user's activity-built intervals overlapping [from, to] by the built ones. An
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
  if (built.length === 0) return
  await tx.insert(timeLogIntervals).values(
    built.map((interval) => {
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

/** Who may see whose logs: everyone their own, coordinators their groups' users, staff all. */
export type LogScope = { userId: number; coordinatorId: number | null; isStaff: boolean }

/** The condition keeping intervals of users the caller may see. */
export function visibleUsers(
  db: Db,
  scope: LogScope,
  column: typeof users.id | typeof timeLogIntervals.userId = timeLogIntervals.userId,
) {
  if (scope.isStaff) return undefined
  if (scope.coordinatorId === null) return eq(column, scope.userId)
  return or(eq(column, scope.userId), inArray(column, coordinatedUserIds(db, scope.coordinatorId)))
}

/** Which of the users the caller may see. */
export async function visibleUserIds(db: Db, scope: LogScope, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>()
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), visibleUsers(db, scope, users.id)))
  return new Set(rows.map((row) => row.id))
}

export async function userIsVisible(db: Db, scope: LogScope, userId: number) {
  if (scope.isStaff || userId === scope.userId) return true
  if (scope.coordinatorId === null) return false
  return (await visibleUserIds(db, scope, [userId])).has(userId)
}

export async function coordinatesGroup(db: Db, coordinatorId: number, groupId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(groupCoordinators)
    .where(and(eq(groupCoordinators.userId, coordinatorId), eq(groupCoordinators.groupId, groupId)))
  return (row?.value ?? 0) > 0
}

/** Members of a coordination group and of the groups it manages. */
export function coordinationGroupUserIds(db: Db, groupId: number) {
  const managed = db
    .select({ groupId: coordinationManagedGroups.managedGroupId })
    .from(coordinationManagedGroups)
    .where(eq(coordinationManagedGroups.coordinationGroupId, groupId))
  return db
    .selectDistinct({ userId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(
      or(
        eq(endworkerGroupMembers.groupId, groupId),
        inArray(endworkerGroupMembers.groupId, managed),
      ),
    )
}

export type IntervalFilter = {
  scope: LogScope
  userId?: number
  coordinationGroup?: number
  start?: Date
  end?: Date
  status?: number
  sourceType?: TimelogSourceType
  search?: string
}

/** The WHERE of interval lists, counts and calendars. */
export function intervalConditions(db: Db, filter: IntervalFilter): SQL | undefined {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined
  return and(
    visibleUsers(db, filter.scope),
    filter.userId === undefined ? undefined : eq(timeLogIntervals.userId, filter.userId),
    filter.coordinationGroup === undefined
      ? undefined
      : inArray(timeLogIntervals.userId, coordinationGroupUserIds(db, filter.coordinationGroup)),
    filter.start === undefined ? undefined : gt(timeLogIntervals.endAt, filter.start),
    filter.end === undefined ? undefined : lt(timeLogIntervals.startAt, filter.end),
    filter.status === undefined ? undefined : eq(timeLogIntervals.status, filter.status),
    filter.sourceType === undefined
      ? undefined
      : eq(timeLogIntervals.sourceType, filter.sourceType),
    pattern === undefined
      ? undefined
      : or(
          sql`${users.username} ilike ${pattern}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
          sql`${tasks.description} ilike ${pattern}`,
          sql`${timeLogIntervals.url} ilike ${pattern}`,
          sql`${timeLogIntervals.comment} ilike ${pattern}`,
        ),
  )
}

const durationSql = sql<number>`extract(epoch from ${timeLogIntervals.endAt} - ${timeLogIntervals.startAt})::float8`

const intervalColumns = {
  id: timeLogIntervals.id,
  sourceType: timeLogIntervals.sourceType,
  itemSetId: timeLogIntervals.itemSetId,
  taskId: timeLogIntervals.taskId,
  taskName: tasks.description,
  protocolId: timeLogIntervals.protocolId,
  protocolName: taskProtocols.name,
  startAt: timeLogIntervals.startAt,
  endAt: timeLogIntervals.endAt,
  duration: durationSql,
  status: timeLogIntervals.status,
  comment: timeLogIntervals.comment,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  url: timeLogIntervals.url,
  timelogTypeId: timelogTypes.id,
  timelogTypeName: timelogTypes.name,
  isBonusBreak: timelogTypes.isBonusBreak,
  pendingReason: timeLogIntervals.pendingReason,
  createdAt: timeLogIntervals.createdAt,
}

const joinedIntervals = (db: Db) =>
  db
    .select(intervalColumns)
    .from(timeLogIntervals)
    .innerJoin(users, eq(users.id, timeLogIntervals.userId))
    .leftJoin(tasks, eq(tasks.id, timeLogIntervals.taskId))
    .leftJoin(taskProtocols, eq(taskProtocols.id, timeLogIntervals.protocolId))
    .leftJoin(timelogTypes, eq(timelogTypes.id, timeLogIntervals.timelogTypeId))

export type IntervalRow = Awaited<ReturnType<ReturnType<typeof joinedIntervals>['execute']>>[number]

const orderColumns = {
  id: timeLogIntervals.id,
  start: timeLogIntervals.startAt,
  end: timeLogIntervals.endAt,
  duration: durationSql,
  status: timeLogIntervals.status,
  source_type: timeLogIntervals.sourceType,
  user: sql`lower(${users.username})`,
} as const

export async function listIntervals(
  db: Db,
  where: SQL | undefined,
  ordering: string,
  page: { offset: number; limit: number },
) {
  const descending = ordering.startsWith('-')
  const field = (descending ? ordering.slice(1) : ordering) as keyof typeof orderColumns
  const direction = descending ? desc : asc
  const [total] = await db
    .select({ value: count() })
    .from(timeLogIntervals)
    .innerJoin(users, eq(users.id, timeLogIntervals.userId))
    .leftJoin(tasks, eq(tasks.id, timeLogIntervals.taskId))
    .where(where)
  const rows = await joinedIntervals(db)
    .where(where)
    .orderBy(direction(orderColumns[field]), direction(timeLogIntervals.id))
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, rows }
}

export async function findInterval(db: Db, id: number) {
  const [row] = await joinedIntervals(db).where(eq(timeLogIntervals.id, id))
  return row
}

export async function countIntervals(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ value: count() })
    .from(timeLogIntervals)
    .innerJoin(users, eq(users.id, timeLogIntervals.userId))
    .leftJoin(tasks, eq(tasks.id, timeLogIntervals.taskId))
    .where(where)
  return row?.value ?? 0
}

/** The day an instant falls on at a fixed offset from UTC, as SQL text YYYY-MM-DD. */
const localDay = (column: SQL | typeof timeLogIntervals.startAt, tzHours: number) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(secs => ${tzHours * 3600}::float8), 'YYYY-MM-DD')`

/** Days (at the offset) on which a matching interval starts or ends, ascending. */
export async function intervalDays(db: Db, where: SQL | undefined, tzHours: number) {
  const rows = await db
    .selectDistinct({ day: localDay(timeLogIntervals.startAt, tzHours) })
    .from(timeLogIntervals)
    .innerJoin(users, eq(users.id, timeLogIntervals.userId))
    .leftJoin(tasks, eq(tasks.id, timeLogIntervals.taskId))
    .where(where)
    .orderBy(sql`1`)
  return rows.map((row) => row.day)
}

export type FlatGroupRow = {
  ids: number[]
  user_id: number
  username: string
  first_name: string
  last_name: string
  day: string
  source_type: TimelogSourceType
  status: number
  start_at: Date | string
  end_at: Date | string
  duration: number
  task_refs: { id: number; name: string }[] | null
  protocol_refs: { id: number; name: string }[] | null
  item_sets: number[] | null
  comments: string[] | null
  urls: string[] | null
}

const flatOrderColumns: Record<string, string> = {
  id: 'min_id',
  start: 'start_at',
  end: 'end_at',
  duration: 'duration',
  status: 'status',
  source_type: 'source_type',
  user: 'lower(username)',
}

/** The flat grouped variant: intervals grouped by user, local day, source and status. */
export async function listFlatGroups(
  db: Db,
  where: SQL | undefined,
  tzHours: number,
  ordering: string,
  page: { offset: number; limit: number },
) {
  const descending = ordering.startsWith('-')
  const column = flatOrderColumns[descending ? ordering.slice(1) : ordering] ?? 'start_at'
  const direction = sql.raw(descending ? 'desc' : 'asc')
  const grouped = sql`select array_agg(${timeLogIntervals.id} order by ${timeLogIntervals.startAt}) as ids,
      min(${timeLogIntervals.id}) as min_id,
      ${users.id} as user_id, ${users.username} as username, ${users.firstName} as first_name,
      ${users.lastName} as last_name, ${localDay(timeLogIntervals.startAt, tzHours)} as day,
      ${timeLogIntervals.sourceType} as source_type, ${timeLogIntervals.status} as status,
      min(${timeLogIntervals.startAt}) as start_at, max(${timeLogIntervals.endAt}) as end_at,
      sum(${durationSql})::float8 as duration,
      jsonb_agg(distinct jsonb_build_object('id', ${tasks.id}, 'name', ${tasks.description}))
        filter (where ${tasks.id} is not null) as task_refs,
      jsonb_agg(distinct jsonb_build_object('id', ${taskProtocols.id}, 'name', ${taskProtocols.name}))
        filter (where ${taskProtocols.id} is not null) as protocol_refs,
      array_agg(distinct ${timeLogIntervals.itemSetId})
        filter (where ${timeLogIntervals.itemSetId} is not null) as item_sets,
      array_agg(distinct ${timeLogIntervals.comment})
        filter (where ${timeLogIntervals.comment} <> '') as comments,
      array_agg(distinct ${timeLogIntervals.url}) filter (where ${timeLogIntervals.url} <> '') as urls
    from ${timeLogIntervals}
    join ${users} on ${users.id} = ${timeLogIntervals.userId}
    left join ${tasks} on ${tasks.id} = ${timeLogIntervals.taskId}
    left join ${taskProtocols} on ${taskProtocols.id} = ${timeLogIntervals.protocolId}
    ${where === undefined ? sql`` : sql`where ${where}`}
    group by ${users.id}, day, ${timeLogIntervals.sourceType}, ${timeLogIntervals.status}`
  const [total] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${grouped}) g`,
  )
  const rows = await selectRows<FlatGroupRow>(
    db,
    sql`select * from (${grouped}) g
        order by ${sql.raw(column)} ${direction}, min_id ${direction}
        offset ${page.offset} limit ${page.limit}`,
  )
  return { count: total?.count ?? 0, rows }
}

export type StatsRow = {
  tasks_time: number
  total_logged: number
  bonus_breaks_time: number
  pending_time: number
}

/**
 * Seconds of the user's intervals clipped to the range: approved work (bonus breaks apart), the
 * part on tasks, approved bonus breaks, and pending time.
 */
export async function userStats(db: Db, userId: number, start?: Date, end?: Date) {
  const from =
    start === undefined
      ? sql`l.start_at`
      : sql`greatest(l.start_at, ${start.toISOString()}::timestamptz)`
  const to =
    end === undefined ? sql`l.end_at` : sql`least(l.end_at, ${end.toISOString()}::timestamptz)`
  const approved = approvedStatusSql(sql`status`)
  const [row] = await selectRows<StatsRow>(
    db,
    sql`with clipped as (
          select l.source_type, l.status, coalesce(t.is_bonus_break, false) as is_break,
            greatest(extract(epoch from ${to} - ${from}), 0)::float8 as seconds
          from time_log_intervals l
          left join timelog_types t on t.id = l.timelog_type_id
          where l.user_id = ${userId}
            ${start === undefined ? sql`` : sql`and l.end_at > ${start.toISOString()}::timestamptz`}
            ${end === undefined ? sql`` : sql`and l.start_at < ${end.toISOString()}::timestamptz`}
        )
        select
          coalesce(sum(seconds) filter (where ${approved} and not is_break and source_type = 'TASK'), 0)::float8 as tasks_time,
          coalesce(sum(seconds) filter (where ${approved} and not is_break), 0)::float8 as total_logged,
          coalesce(sum(seconds) filter (where ${approved} and is_break), 0)::float8 as bonus_breaks_time,
          coalesce(sum(seconds) filter (where status = ${TIMELOG_STATUS.PENDING}), 0)::float8 as pending_time
        from clipped`,
  )
  return row
}

export async function decideIntervals(
  tx: Tx,
  ids: number[],
  decision: { status: number; comment?: string },
) {
  return tx
    .update(timeLogIntervals)
    .set({
      status: decision.status,
      ...(decision.comment === undefined ? {} : { comment: decision.comment }),
    })
    .where(inArray(timeLogIntervals.id, ids))
    .returning({ id: timeLogIntervals.id })
}

/** The intervals among `ids` with their owner and status, locked for a decision. */
export function intervalsForDecision(tx: Tx, ids: number[]) {
  return tx
    .select({
      id: timeLogIntervals.id,
      userId: timeLogIntervals.userId,
      status: timeLogIntervals.status,
    })
    .from(timeLogIntervals)
    .where(inArray(timeLogIntervals.id, ids))
    .for('update')
}

export function deleteInterval(db: Db, id: number) {
  return db.delete(timeLogIntervals).where(eq(timeLogIntervals.id, id))
}

export function insertManualInterval(db: Db, row: typeof timeLogIntervals.$inferInsert) {
  return db.insert(timeLogIntervals).values(row).returning({ id: timeLogIntervals.id })
}

export function listTimelogTypes(db: Db) {
  return db
    .select({
      id: timelogTypes.id,
      name: timelogTypes.name,
      is_bonus_break: timelogTypes.isBonusBreak,
    })
    .from(timelogTypes)
    .orderBy(asc(timelogTypes.name), asc(timelogTypes.id))
}

export async function findTimelogType(db: Db, id: number) {
  const [row] = await db.select().from(timelogTypes).where(eq(timelogTypes.id, id))
  return row
}

/**
 * What the user may log time against: the item sets handed to them, their tasks and the tasks'
 * protocols. Newest item sets first, at most `limit`.
 */
export async function loggableContext(db: Db, userId: number, limit: number) {
  const sets = await db
    .select({
      id: itemSets.id,
      taskId: itemSets.taskId,
      position: itemSets.position,
      description: tasks.description,
      protocolId: tasks.protocolId,
      protocolName: taskProtocols.name,
    })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(taskProtocols, eq(taskProtocols.id, tasks.protocolId))
    .where(eq(itemSets.userId, userId))
    .orderBy(desc(itemSets.createdAt), desc(itemSets.id))
    .limit(limit)
  return sets
}

/** Whether the user was handed the item set / worked on the task / read the protocol. */
export async function ownsContext(
  db: Db,
  userId: number,
  ref: { itemSetId: number | null; taskId: number | null; protocolId: number | null },
) {
  const problems: string[] = []
  const conditions: [string, SQL][] = []
  if (ref.itemSetId !== null)
    conditions.push([
      'item_set',
      sql`exists (select 1 from item_sets s where s.id = ${ref.itemSetId} and s.user_id = ${userId})`,
    ])
  if (ref.taskId !== null)
    conditions.push([
      'task',
      sql`exists (select 1 from item_sets s where s.task_id = ${ref.taskId} and s.user_id = ${userId})`,
    ])
  if (ref.protocolId !== null)
    conditions.push([
      'protocol',
      sql`exists (select 1 from item_sets s join tasks t on t.id = s.task_id
                  where t.protocol_id = ${ref.protocolId} and s.user_id = ${userId})`,
    ])
  for (const [field, condition] of conditions) {
    const [row] = await selectRows<{ ok: boolean }>(db, sql`select ${condition} as ok`)
    if (!row?.ok) problems.push(field)
  }
  return problems
}
