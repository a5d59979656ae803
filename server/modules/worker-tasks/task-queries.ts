import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  annotations,
  itemSets,
  items,
  languages,
  protocolReads,
  taskProtocols,
  tasks,
  taskTypes,
} from '../../db/schema'
import {
  itemIsWorkers,
  itemNeedsAnnotations,
  workerMayTake,
  workerQualityStop,
  workerShareCap,
  workerShareUsed,
} from './eligibility'

const baseLanguage = alias(languages, 'base_language')
const targetLanguage = alias(languages, 'target_language')

const languageColumns = (table: typeof baseLanguage | typeof targetLanguage) => ({
  id: table.id,
  code: table.code,
  name: table.name,
})

/** The worker's live item set of the task (`tasks` of the query), newest first. */
const openItemSet = (userId: number, column: typeof itemSets.id | typeof itemSets.lockExpiration) =>
  sql`(
    select ${column} from ${itemSets}
    where ${itemSets.taskId} = ${tasks.id} and ${itemSets.userId} = ${userId}
      and ${itemSets.lockExpiration} > now()
    order by ${itemSets.id} desc limit 1
  )`

/** Every IN_PROGRESS task the worker may take, with their counts and share; the cap is not applied. */
export async function offeredTasks(db: Db, userId: number) {
  return db
    .select({
      id: tasks.id,
      description: tasks.description,
      settleTargetLang: tasks.settleTargetLang,
      encryptAudio: tasks.encryptAudio,
      taskType: { id: taskTypes.id, name: taskTypes.name },
      baseLanguage: languageColumns(baseLanguage),
      targetLanguage: languageColumns(targetLanguage),
      protocol: { id: taskProtocols.id, name: taskProtocols.name, version: taskProtocols.version },
      protocolRead: sql<boolean>`exists (
        select 1 from ${protocolReads}
        where ${protocolReads.protocolId} = ${tasks.protocolId} and ${protocolReads.userId} = ${userId})`,
      // Items before the first open position have all their done annotations (claim-queries.ts):
      // only the rest are looked at, as claims do, not every item of a large task.
      availableForMe: sql<number>`(
        select count(*)::int from ${items}
        where ${items.taskId} = ${tasks.id} and ${items.position} >= ${tasks.firstOpenPosition}
          and not ${items.isGold}
          and ${itemNeedsAnnotations(taskTypes.annotationsPerItem)}
          and not ${itemIsWorkers(userId)})`,
      myDone: sql<number>`(
        select count(*)::int from ${annotations} a join ${items} ai on ai.id = a.item_id
        where ai.task_id = ${tasks.id} and a.user_id = ${userId} and a.is_done)`,
      shareUsed: workerShareUsed(userId),
      shareCap: workerShareCap,
      qualityStop: workerQualityStop(userId),
      openItemSetId: sql<number | null>`${openItemSet(userId, itemSets.id)}`,
      openItemSetLock: sql<Date | null>`${openItemSet(userId, itemSets.lockExpiration)}`.mapWith(
        itemSets.lockExpiration,
      ),
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .innerJoin(baseLanguage, eq(baseLanguage.id, tasks.baseLanguageId))
    .innerJoin(targetLanguage, eq(targetLanguage.id, tasks.targetLanguageId))
    .innerJoin(taskProtocols, eq(taskProtocols.id, tasks.protocolId))
    .where(and(eq(tasks.status, 'IN_PROGRESS'), workerMayTake(userId)))
    .orderBy(asc(tasks.id))
}

/**
 * A task the worker may take (whatever its status), with what handing out work needs: the
 * distribution settings and how much of the worker's share is left.
 */
export async function findTakeableTask(db: Db, userId: number, taskId: number) {
  const [row] = await db
    .select({
      id: tasks.id,
      status: tasks.status,
      protocolId: tasks.protocolId,
      isFixedSets: tasks.isFixedSets,
      itemsPerSet: tasks.itemsPerSet,
      annotationsPerItem: taskTypes.annotationsPerItem,
      goldShare: taskTypes.goldShare,
      lockMinutes: taskTypes.customItemsetLockTime,
      shareLeft: sql<number>`${workerShareCap} - ${workerShareUsed(userId)}`,
      qualityStop: workerQualityStop(userId),
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(and(eq(tasks.id, taskId), workerMayTake(userId)))
  return row
}
