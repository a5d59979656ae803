import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  endworkerGroupMembers,
  itemSets,
  tasks,
  taskTypeGroups,
  taskTypes,
  taskTypeUsers,
} from '../../db/schema'

/**
 * The users within reach of these client groups (the rule is in contract/client-pickers.ts), as
 * a subquery of user ids. `withTaskGroups` adds the members of task groups a write is about to
 * give a task type, so a type's lists may name the members of a group added in the same write.
 */
export function usersInReachOf(db: Db, clientGroupIds: number[], withTaskGroups: number[] = []) {
  const ofTheGroups = inArray(taskTypes.clientGroupId, clientGroupIds)
  const members = db
    .select({ userId: clientGroupMembers.userId })
    .from(clientGroupMembers)
    .where(inArray(clientGroupMembers.groupId, clientGroupIds))
  const taskGroupsOfTheGroups = db
    .select({ groupId: taskTypeGroups.groupId })
    .from(taskTypeGroups)
    .innerJoin(taskTypes, eq(taskTypes.id, taskTypeGroups.taskTypeId))
    .where(ofTheGroups)
  const taskGroupMembers = db
    .select({ userId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(
      or(
        inArray(endworkerGroupMembers.groupId, taskGroupsOfTheGroups),
        inArray(endworkerGroupMembers.groupId, withTaskGroups),
      ),
    )
  const listed = db
    .select({ userId: taskTypeUsers.userId })
    .from(taskTypeUsers)
    .innerJoin(taskTypes, eq(taskTypes.id, taskTypeUsers.taskTypeId))
    .where(ofTheGroups)
  const workers = db
    .select({ userId: sql<number>`${itemSets.userId}` })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(and(ofTheGroups, isNotNull(itemSets.userId)))
  return union(members, taskGroupMembers, listed, workers)
}
