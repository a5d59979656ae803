import { and, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  projects,
  taskTypeGroups,
  taskTypeProjects,
  taskTypes,
  users,
} from '../../db/schema'

const coordinatedGroupIds = (db: Db, coordinatorId: number) =>
  db
    .select({ groupId: groupCoordinators.groupId })
    .from(groupCoordinators)
    .where(eq(groupCoordinators.userId, coordinatorId))

/** The groups a coordinator works with: those they coordinate and the groups these manage. */
function visibleGroupIds(db: Db, coordinatorId: number) {
  const coordinated = coordinatedGroupIds(db, coordinatorId)
  return db
    .select({ groupId: endworkerGroups.id })
    .from(endworkerGroups)
    .where(
      or(
        inArray(endworkerGroups.id, coordinated),
        inArray(
          endworkerGroups.id,
          db
            .select({ groupId: coordinationManagedGroups.managedGroupId })
            .from(coordinationManagedGroups)
            .where(inArray(coordinationManagedGroups.coordinationGroupId, coordinated)),
        ),
      ),
    )
}

/** Every group for staff (null), else the groups the coordinator works with, by name. */
export async function listGroupsWithMembers(db: Db, coordinatorId: number | null) {
  const groups = await db
    .select()
    .from(endworkerGroups)
    .where(
      coordinatorId === null
        ? undefined
        : inArray(endworkerGroups.id, visibleGroupIds(db, coordinatorId)),
    )
    .orderBy(endworkerGroups.name, endworkerGroups.id)
  if (groups.length === 0) return []
  const members = await db
    .select({
      groupId: endworkerGroupMembers.groupId,
      userId: endworkerGroupMembers.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(endworkerGroupMembers)
    .innerJoin(users, eq(users.id, endworkerGroupMembers.userId))
    .where(
      inArray(
        endworkerGroupMembers.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(endworkerGroupMembers.userId)
  const coordinated =
    coordinatorId === null
      ? null
      : new Set((await coordinatedGroupIds(db, coordinatorId)).map((row) => row.groupId))
  return groups.map((group) => ({
    group,
    members: members.filter((row) => row.groupId === group.id),
    editable: coordinated === null || coordinated.has(group.id),
  }))
}

export async function isCoordinatorOf(db: Db, coordinatorId: number, groupId: number) {
  const [row] = await db
    .select({ groupId: groupCoordinators.groupId })
    .from(groupCoordinators)
    .where(and(eq(groupCoordinators.userId, coordinatorId), eq(groupCoordinators.groupId, groupId)))
  return Boolean(row)
}

export async function lockGroup(db: Db, groupId: number) {
  const [row] = await db
    .select({ id: endworkerGroups.id })
    .from(endworkerGroups)
    .where(eq(endworkerGroups.id, groupId))
    .for('update')
  return Boolean(row)
}

export async function groupMembers(db: Db, groupId: number) {
  const rows = await db
    .select({ userId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(eq(endworkerGroupMembers.groupId, groupId))
  return rows.map((row) => row.userId)
}

export async function replaceGroupMembers(db: Db, groupId: number, userIds: number[]) {
  await db.delete(endworkerGroupMembers).where(eq(endworkerGroupMembers.groupId, groupId))
  if (userIds.length > 0) {
    await db.insert(endworkerGroupMembers).values(userIds.map((userId) => ({ groupId, userId })))
  }
}

/** Task types handed to the coordinator's groups (all for staff), for the filters. */
export function listTaskTypeRefs(db: Db, coordinatorId: number | null) {
  return db
    .selectDistinct({ id: taskTypes.id, name: taskTypes.name })
    .from(taskTypes)
    .where(
      coordinatorId === null
        ? undefined
        : inArray(
            taskTypes.id,
            db
              .select({ id: taskTypeGroups.taskTypeId })
              .from(taskTypeGroups)
              .where(inArray(taskTypeGroups.groupId, visibleGroupIds(db, coordinatorId))),
          ),
    )
    .orderBy(taskTypes.name, taskTypes.id)
}

/** Projects of those task types (all for staff), for the filters. */
export function listProjectRefs(db: Db, coordinatorId: number | null) {
  return db
    .selectDistinct({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      coordinatorId === null
        ? undefined
        : inArray(
            projects.id,
            db
              .select({ id: taskTypeProjects.projectId })
              .from(taskTypeProjects)
              .innerJoin(taskTypeGroups, eq(taskTypeGroups.taskTypeId, taskTypeProjects.taskTypeId))
              .where(inArray(taskTypeGroups.groupId, visibleGroupIds(db, coordinatorId))),
          ),
    )
    .orderBy(projects.name, projects.id)
}
