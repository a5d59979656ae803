import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { ItemSetOrderingField } from '../../../contract/list-params'
import type { QualityFlag } from '../../../contract/quality'
import type { CoordinatorItemSetQuery } from '../../../contract/worker'
import type { Db } from '../../db/client'
import { annotations, itemSetItems, itemSets, tasks, users } from '../../db/schema'
import { coordinatedUserIds, groupMemberIds } from './queries'

/** What the set was handed out with: a lock's end gives unfinished slots back but not this. */
const itemsAll = sql<number>`${itemSets.itemsHandedOut}`
const itemsDone = sql<number>`(
  select count(*)::int from ${itemSetItems} s
  join ${annotations} a on a.item_set_id = s.item_set_id and a.item_id = s.item_id
  where s.item_set_id = ${itemSets.id} and a.is_done)`
const progress = sql<number>`coalesce(round((${itemsDone} * 100.0 / nullif(${itemsAll}, 0))::numeric, 2), 0)::float8`

/** Done items of the set whose annotation carries the quality flag, or any flag without one. */
const flaggedCount = (flag?: QualityFlag) => sql<number>`(
  select count(*)::int from ${annotations} a
  where a.item_set_id = ${itemSets.id} and a.quality_flags <> '{}'
    ${flag === undefined ? sql`` : sql`and ${flag} = any(a.quality_flags)`})`

const hasFlaggedWork = sql`${itemSets.id} in (
  select a.item_set_id from ${annotations} a where a.quality_flags <> '{}')`

const orderColumns: Record<ItemSetOrderingField, SQLWrapper> = {
  id: itemSets.id,
  created: itemSets.createdAt,
  modified: itemSets.modifiedAt,
  lock_expiration: itemSets.lockExpiration,
  user: users.username,
  task: itemSets.taskId,
  items_done: itemsDone,
  items_all: itemsAll,
  progress,
}

/** Handed-out sets (fixed sets an upload defines have no worker) the coordinator may see. */
function inScope(db: Db, coordinatorId: number | null, itemSetId?: number): SQL | undefined {
  return and(
    isNotNull(itemSets.userId),
    itemSetId === undefined ? undefined : eq(itemSets.id, itemSetId),
    coordinatorId === null
      ? undefined
      : inArray(itemSets.userId, coordinatedUserIds(db, coordinatorId)),
  )
}

function filters(db: Db, coordinatorId: number | null, query: CoordinatorItemSetQuery) {
  const search = query.search
    ? or(
        ilike(users.username, `%${escapeLike(query.search)}%`),
        ilike(users.firstName, `%${escapeLike(query.search)}%`),
        ilike(users.lastName, `%${escapeLike(query.search)}%`),
        ilike(tasks.description, `%${escapeLike(query.search)}%`),
        /^\d{1,9}$/.test(query.search) ? eq(itemSets.id, Number(query.search)) : undefined,
      )
    : undefined
  return and(
    inScope(db, coordinatorId),
    query.coordination_group === undefined
      ? undefined
      : inArray(itemSets.userId, groupMemberIds(db, query.coordination_group)),
    query.flagged === undefined ? undefined : query.flagged ? hasFlaggedWork : not(hasFlaggedWork),
    search,
  )
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

const columns = {
  id: itemSets.id,
  task: { id: tasks.id, description: tasks.description },
  user: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
  },
  itemsDone,
  itemsAll,
  progress,
  createdAt: itemSets.createdAt,
  modifiedAt: itemSets.modifiedAt,
  lockExpiration: itemSets.lockExpiration,
  isLocked: sql<boolean>`coalesce(${itemSets.lockExpiration} > now(), false)`,
  flaggedItems: flaggedCount(),
  noActivity: flaggedCount('NO_ACTIVITY'),
  tooFast: flaggedCount('TOO_FAST'),
}

const fromItemSets = (db: Db) =>
  db
    .select(columns)
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(users, eq(users.id, itemSets.userId))

export type CoordinatorItemSetRow = Awaited<ReturnType<typeof fromItemSets>>[number]

/** One page of item sets and how many match; `coordinatorId` null is staff (every set). */
export async function listItemSets(
  db: Db,
  coordinatorId: number | null,
  query: CoordinatorItemSetQuery,
) {
  const where = filters(db, coordinatorId, query)
  const descending = query.ordering.startsWith('-')
  const column = orderColumns[query.ordering.replace(/^-/, '') as ItemSetOrderingField]
  const rows = await fromItemSets(db)
    .where(where)
    .orderBy(descending ? desc(column) : asc(column), desc(itemSets.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
  const [total] = await db
    .select({ value: count() })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(users, eq(users.id, itemSets.userId))
    .where(where)
  return { rows, count: total?.value ?? 0 }
}

export async function findItemSetInScope(db: Db, coordinatorId: number | null, itemSetId: number) {
  const [row] = await fromItemSets(db).where(inScope(db, coordinatorId, itemSetId))
  return row
}

/** Ends the lock at the given time, or now when that is earlier than the given time. */
export async function endItemSetLock(db: Db, itemSetId: number, at: Date) {
  await db
    .update(itemSets)
    .set({ lockExpiration: sql`least(${at.toISOString()}::timestamptz, now())` })
    .where(eq(itemSets.id, itemSetId))
}
