import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { TimelogSourceType } from '../../../contract/timelogs'
import { MIN_INTERVAL_SECONDS } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  taskProtocols,
  tasks,
  timeLogIntervals,
  timelogTypes,
  users,
} from '../../db/schema'
import { type LogScope, visibleUsers } from './scope'

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

/**
 * The WHERE of interval lists, counts and calendars. Intervals shorter than a second (stored
 * before they were left out) are not listed: they would show as zero-length work.
 */
export function intervalConditions(db: Db, filter: IntervalFilter): SQL | undefined {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined
  return and(
    sql`${timeLogIntervals.endAt} - ${timeLogIntervals.startAt} >= make_interval(secs => ${MIN_INTERVAL_SECONDS})`,
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
