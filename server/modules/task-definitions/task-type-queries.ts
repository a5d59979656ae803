import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clientGroupColumns, userRefColumns } from '../../db/ref-columns'
import { rowsById } from '../../db/rows'
import {
  clientGroups,
  endworkerGroups,
  limiters,
  projects,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypeGroups,
  taskTypeLimiters,
  taskTypeProjects,
  taskTypes,
  taskTypeUsers,
  users,
} from '../../db/schema'
import type { TaskTypeUserList } from '../../db/schema/enums'

export const taskTypeTable = rowsById(taskTypes, 'task type')
export type TaskTypeRow = NonNullable<Awaited<ReturnType<typeof taskTypeTable.lock>>>

export async function pageOfTaskTypeIds(
  db: Db,
  where: (SQL | undefined)[],
  order: SQL[],
  page: { offset: number; limit: number },
) {
  const condition = and(...where)
  const [total] = await db.select({ value: count() }).from(taskTypes).where(condition)
  const rows = await db
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(condition)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, ids: rows.map((row) => row.id) }
}

export async function taskTypeRows(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      taskType: taskTypes,
      schema: { id: taskSchemas.id, name: taskSchemas.name, version: taskSchemas.version },
      protocol: { id: taskProtocols.id, name: taskProtocols.name, version: taskProtocols.version },
      clientGroup: clientGroupColumns,
      defaultProject: { id: projects.id, name: projects.name },
      author: userRefColumns,
    })
    .from(taskTypes)
    .innerJoin(taskSchemas, eq(taskSchemas.id, taskTypes.schemaId))
    .innerJoin(taskProtocols, eq(taskProtocols.id, taskTypes.protocolId))
    .innerJoin(clientGroups, eq(clientGroups.id, taskTypes.clientGroupId))
    .leftJoin(projects, eq(projects.id, taskTypes.defaultProjectId))
    .leftJoin(users, eq(users.id, taskTypes.authorId))
    .where(inArray(taskTypes.id, ids))
}

/** The limiters, user lists, task groups, projects and task counts of these task types. */
export async function taskTypeLinks(db: Db, ids: number[]) {
  if (ids.length === 0) {
    return { limiterRows: [], userRows: [], groupRows: [], projectRows: [], taskCounts: [] }
  }
  const limiterRows = await db
    .select({ taskTypeId: taskTypeLimiters.taskTypeId, id: limiters.id, name: limiters.name })
    .from(taskTypeLimiters)
    .innerJoin(limiters, eq(limiters.id, taskTypeLimiters.limiterId))
    .where(inArray(taskTypeLimiters.taskTypeId, ids))
    .orderBy(asc(limiters.name))
  const userRows = await db
    .select({
      taskTypeId: taskTypeUsers.taskTypeId,
      list: taskTypeUsers.list,
      id: users.id,
      username: users.username,
    })
    .from(taskTypeUsers)
    .innerJoin(users, eq(users.id, taskTypeUsers.userId))
    .where(inArray(taskTypeUsers.taskTypeId, ids))
    .orderBy(asc(users.username))
  const groupRows = await db
    .select({
      taskTypeId: taskTypeGroups.taskTypeId,
      linkId: taskTypeGroups.id,
      id: endworkerGroups.id,
      name: endworkerGroups.name,
    })
    .from(taskTypeGroups)
    .innerJoin(endworkerGroups, eq(endworkerGroups.id, taskTypeGroups.groupId))
    .where(inArray(taskTypeGroups.taskTypeId, ids))
    .orderBy(asc(endworkerGroups.name))
  const projectRows = await db
    .select({ taskTypeId: taskTypeProjects.taskTypeId, id: projects.id, name: projects.name })
    .from(taskTypeProjects)
    .innerJoin(projects, eq(projects.id, taskTypeProjects.projectId))
    .where(inArray(taskTypeProjects.taskTypeId, ids))
    .orderBy(asc(projects.name))
  const archived = sql<boolean>`${tasks.status} = 'ARCHIVED'`
  const taskCounts = await db
    .select({ taskTypeId: tasks.taskTypeId, archived, value: count() })
    .from(tasks)
    .where(inArray(tasks.taskTypeId, ids))
    .groupBy(tasks.taskTypeId, archived)
  return { limiterRows, userRows, groupRows, projectRows, taskCounts }
}

export async function deleteTaskType(db: Db, id: number) {
  await db.delete(taskTypes).where(eq(taskTypes.id, id))
}

export async function countTasksOfType(db: Db, id: number) {
  const [row] = await db.select({ value: count() }).from(tasks).where(eq(tasks.taskTypeId, id))
  return row?.value ?? 0
}

export async function replaceLimiters(db: Db, taskTypeId: number, ids: number[]) {
  await db.delete(taskTypeLimiters).where(eq(taskTypeLimiters.taskTypeId, taskTypeId))
  if (ids.length) {
    await db.insert(taskTypeLimiters).values(ids.map((limiterId) => ({ taskTypeId, limiterId })))
  }
}

export async function replaceUserList(
  db: Db,
  taskTypeId: number,
  list: TaskTypeUserList,
  ids: number[],
) {
  await db
    .delete(taskTypeUsers)
    .where(and(eq(taskTypeUsers.taskTypeId, taskTypeId), eq(taskTypeUsers.list, list)))
  if (ids.length) {
    await db.insert(taskTypeUsers).values(ids.map((userId) => ({ taskTypeId, userId, list })))
  }
}

/** Keeps the link rows (and their ids) of groups that stay. */
export async function replaceTaskGroups(db: Db, taskTypeId: number, groupIds: number[]) {
  await db
    .delete(taskTypeGroups)
    .where(
      and(
        eq(taskTypeGroups.taskTypeId, taskTypeId),
        groupIds.length ? notInArray(taskTypeGroups.groupId, groupIds) : undefined,
      ),
    )
  if (groupIds.length) {
    await db
      .insert(taskTypeGroups)
      .values(groupIds.map((groupId) => ({ taskTypeId, groupId })))
      .onConflictDoNothing()
  }
}

export async function replaceProjects(db: Db, taskTypeId: number, ids: number[]) {
  await db.delete(taskTypeProjects).where(eq(taskTypeProjects.taskTypeId, taskTypeId))
  if (ids.length) {
    await db.insert(taskTypeProjects).values(ids.map((projectId) => ({ taskTypeId, projectId })))
  }
}
