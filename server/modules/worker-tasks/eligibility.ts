import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import {
  annotations,
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  itemSetItems,
  itemSets,
  items,
  profileLanguages,
  qualityStops,
  tasks,
  taskTypeGroups,
  taskTypes,
  taskTypeUsers,
} from '../../db/schema'

/**
 * SQL conditions of work distribution (the rules are listed in contract/worker.ts). They refer to
 * the unaliased `tasks`, `task_types` and `items` tables of the query they go into.
 */

/** The language ids a worker speaks: their profile's languages and their main language. */
const workerLanguages = (userId: number | SQL) => sql`(
  select pl.language_id from ${profileLanguages} pl
  join ${endworkerProfiles} p on p.id = pl.profile_id
  where p.user_id = ${userId}
  union
  select p.main_language_id from ${endworkerProfiles} p
  where p.user_id = ${userId} and p.main_language_id is not null
)`

/**
 * The task (joined with its task type) may be offered to the worker, whatever its status and the
 * worker's share: active type, member of one of its task groups, blacklist, whitelist and
 * languages. The one rule of who sees a task: the worker's task list, claims and protocols use
 * it, and so does the client's count of available workers (`userId` is then a column).
 */
export function workerMayTake(userId: number | SQL): SQL {
  const languages = workerLanguages(userId)
  return sql`(
    ${taskTypes.status} = 'ACTIVE'
    and exists (
      select 1 from ${taskTypeGroups} g
      join ${endworkerGroups} eg on eg.id = g.group_id and eg.task_group
      join ${endworkerGroupMembers} m on m.group_id = g.group_id
      where g.task_type_id = ${taskTypes.id} and m.user_id = ${userId})
    and not exists (
      select 1 from ${taskTypeUsers} l
      where l.task_type_id = ${taskTypes.id} and l.list = 'blacklist' and l.user_id = ${userId})
    and (
      not exists (
        select 1 from ${taskTypeUsers} l
        where l.task_type_id = ${taskTypes.id} and l.list = 'whitelist')
      or exists (
        select 1 from ${taskTypeUsers} l
        where l.task_type_id = ${taskTypes.id} and l.list = 'whitelist' and l.user_id = ${userId}))
    and ${tasks.baseLanguageId} in ${languages}
    and (not ${tasks.settleTargetLang} or ${tasks.targetLanguageId} in ${languages})
  )`
}

/** A slot counts against its item while its set's lock lasts; once done it counts as done. */
const liveUndoneSlot = sql`st.lock_expiration > now()
  and not exists (
    select 1 from ${annotations} d
    where d.item_set_id = s.item_set_id and d.item_id = s.item_id and d.is_done)`

const doneAnnotations = sql`(
  select count(*) from ${annotations} a where a.item_id = ${items.id} and a.is_done)`

/** The item (`items` of the query) has fewer done annotations plus live slots than it needs. */
export const itemNeedsAnnotations = (annotationsPerItem: number | SQLWrapper) => sql`(
  ${doneAnnotations}
  + (select count(*) from ${itemSetItems} s join ${itemSets} st on st.id = s.item_set_id
     where s.item_id = ${items.id} and ${liveUndoneSlot})
) < ${annotationsPerItem}`

/** The worker has a done annotation of the item, or holds it in a live set. */
export const itemIsWorkers = (userId: number) => sql`(
  exists (
    select 1 from ${annotations} a
    where a.item_id = ${items.id} and a.user_id = ${userId} and a.is_done)
  or exists (
    select 1 from ${itemSetItems} s join ${itemSets} st on st.id = s.item_set_id
    where s.item_id = ${items.id} and st.user_id = ${userId} and st.lock_expiration > now())
)`

/**
 * How many items of the task (`tasks` of the query) count against the worker's share: those
 * itemIsWorkers holds for, found from the worker's own rows rather than the task's items. Gold
 * items do not count, as they do not count in the task's items.
 */
export const workerShareUsed = (userId: number) => sql<number>`(
  select count(*)::int from (
    select a.item_id from ${annotations} a join ${items} i on i.id = a.item_id
    where i.task_id = ${tasks.id} and a.user_id = ${userId} and a.is_done and not i.is_gold
    union
    select s.item_id from ${itemSetItems} s join ${itemSets} st on st.id = s.item_set_id
    join ${items} si on si.id = s.item_id
    where st.task_id = ${tasks.id} and st.user_id = ${userId} and st.lock_expiration > now()
      and not si.is_gold
  ) mine
)`

/**
 * The most items of the task one worker may have: the task's own limit, or the type's percent
 * of its items rounded up, at least one. The items are counted once, when the upload is
 * imported (items_total): a task's items do not change after that, and counting them again on
 * every claim took ~9 ms on a task of 100,000.
 */
export const workerShareCap = sql<number>`coalesce(
  ${tasks.maxItemsPerUser},
  greatest(1, ceil(${tasks.itemsTotal} * ${taskTypes.maxItemsPerUserPercent} / 100.0)::int)
)`

/**
 * The accuracy that stopped the worker from new item sets of the task type (`task_types` of the
 * query) by the quality gate, null while no stop holds: a coordinator releases it.
 */
export const workerQualityStop = (userId: number) => sql<number | null>`(
  select ${qualityStops.accuracy} from ${qualityStops}
  where ${qualityStops.userId} = ${userId} and ${qualityStops.taskTypeId} = ${taskTypes.id}
    and ${qualityStops.releasedAt} is null
  order by ${qualityStops.id} desc limit 1
)`
