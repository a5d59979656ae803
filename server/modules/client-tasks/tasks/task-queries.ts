import { and, asc, desc, eq, gte, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { TaskFilters } from '../../../../contract/client-tasks'
import type { TaskOrderingField } from '../../../../contract/list-params'
import type { Ordering } from '../../../../contract/query'
import type { Db } from '../../../db/client'
import {
  clientGroups,
  languages,
  mediaObjects,
  projects,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypes,
  users,
} from '../../../db/schema'
import type { PageRequest } from '../../../http/paging'
import type { ClientScope } from '../../client-groups/scope'
import { inLineageOf, SCHEMA_KIND } from '../../task-definitions/version-queries'
import { counterProgressSql, taskCountersTable } from '../counters'

const MAX_INT = 2_147_483_647

/** Tasks belong to the client group of their task type. */
function scopeCondition(scope: ClientScope): SQL | undefined {
  if (scope.groupIds === null) return undefined
  return scope.groupIds.length > 0 ? inArray(taskTypes.clientGroupId, scope.groupIds) : sql`false`
}

/**
 * The list filters over `tasks` joined with `task_types`, inside the client's scope. `schema`
 * matches tasks on any version of that schema's chain, whichever version the id names.
 */
export function taskConditions(scope: ClientScope, filters: TaskFilters): SQL | undefined {
  const search = filters.search
  const searchId = search && /^\d{1,10}$/.test(search) ? Number(search) : null
  return and(
    scopeCondition(scope),
    filters.client_group ? eq(taskTypes.clientGroupId, filters.client_group) : undefined,
    filters.task_type ? eq(tasks.taskTypeId, filters.task_type) : undefined,
    filters.schema ? inLineageOf(SCHEMA_KIND, tasks.schemaId, filters.schema) : undefined,
    filters.status ? inArray(tasks.status, filters.status) : undefined,
    filters.excluded_status ? notInArray(tasks.status, filters.excluded_status) : undefined,
    filters.timeframe_start ? gte(tasks.createdAt, filters.timeframe_start) : undefined,
    filters.timeframe_end ? lte(tasks.createdAt, filters.timeframe_end) : undefined,
    Object.keys(filters.metadata).length > 0
      ? sql`${tasks.metadata} @> ${JSON.stringify(filters.metadata)}::jsonb`
      : undefined,
    search
      ? or(
          // strpos, not LIKE: the search text may hold % and _.
          sql`strpos(lower(${tasks.description}), lower(${search})) > 0`,
          sql`strpos(lower(${taskTypes.name}), lower(${search})) > 0`,
          searchId !== null && searchId <= MAX_INT ? eq(tasks.id, searchId) : undefined,
        )
      : undefined,
  )
}

const orderColumns: Record<TaskOrderingField, SQL> = {
  id: sql`${tasks.id}`,
  created: sql`${tasks.createdAt}`,
  description: sql`${tasks.description}`,
  status: sql`${tasks.status}`,
  // Computed for every matching task, since the page depends on it.
  progress: sql`(select ${counterProgressSql} from ${taskCountersTable(sql`(${tasks.id})`)} c)`,
  deadline: sql`${tasks.deadline}`,
}

function orderBy(ordering: Ordering<TaskOrderingField>): SQL[] {
  const descending = ordering.startsWith('-')
  const column = orderColumns[ordering.replace(/^-/, '') as TaskOrderingField]
  // Nulls (tasks without a deadline) go last either way; the id keeps pages stable.
  return [
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    descending ? desc(tasks.id) : asc(tasks.id),
  ]
}

export async function pageTaskIds(
  db: Db,
  where: SQL | undefined,
  ordering: Ordering<TaskOrderingField>,
  page: PageRequest,
): Promise<number[]> {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(where)
    .orderBy(...orderBy(ordering))
    .limit(page.limit)
    .offset(page.offset)
  return rows.map((row) => row.id)
}

export async function countTasks(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(where)
  return row?.count ?? 0
}

/** The ids of every task in scope matching the filters, as a subquery. */
export function scopedTaskIds(db: Db, where: SQL | undefined) {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(where)
}

const baseLanguage = alias(languages, 'base_language')
const targetLanguage = alias(languages, 'target_language')

/** Tasks with everything the Task entity names, except counters and dumps. */
export async function taskRows(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      task: tasks,
      taskType: {
        id: taskTypes.id,
        name: taskTypes.name,
        annotationsPerItem: taskTypes.annotationsPerItem,
        status: taskTypes.status,
      },
      clientGroup: {
        id: clientGroups.id,
        name: clientGroups.name,
        fullName: clientGroups.fullName,
      },
      author: { id: users.id, username: users.username },
      project: { id: projects.id, name: projects.name },
      baseLanguage: { id: baseLanguage.id, code: baseLanguage.code, name: baseLanguage.name },
      targetLanguage: {
        id: targetLanguage.id,
        code: targetLanguage.code,
        name: targetLanguage.name,
      },
      schema: { id: taskSchemas.id, name: taskSchemas.name, version: taskSchemas.version },
      protocol: { id: taskProtocols.id, name: taskProtocols.name, version: taskProtocols.version },
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .innerJoin(clientGroups, eq(clientGroups.id, taskTypes.clientGroupId))
    .leftJoin(users, eq(users.id, tasks.authorId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(baseLanguage, eq(baseLanguage.id, tasks.baseLanguageId))
    .innerJoin(targetLanguage, eq(targetLanguage.id, tasks.targetLanguageId))
    .innerJoin(taskSchemas, eq(taskSchemas.id, tasks.schemaId))
    .innerJoin(taskProtocols, eq(taskProtocols.id, tasks.protocolId))
    .where(inArray(tasks.id, ids))
}
export type TaskRow = Awaited<ReturnType<typeof taskRows>>[number]

/**
 * One task with its client group, for the rules of a write. With `lock` the row stays locked
 * until the transaction ends, so concurrent edits of one task take turns.
 */
export async function findTask(db: Db, id: number, { lock = false } = {}) {
  const query = db
    .select({ task: tasks, clientGroupId: taskTypes.clientGroupId })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(eq(tasks.id, id))
  const [row] = lock ? await query.for('update', { of: tasks }) : await query
  return row
}

export async function projectExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))
  return row !== undefined
}

/**
 * Deletes the task's media rows and its uploaded source file's row (uploads belong to no task,
 * so they do not cascade), answering their storage keys so the files can go after the commit.
 */
export async function deleteTaskMedia(
  db: Db,
  taskId: number,
  sourceFileId: number | null,
): Promise<string[]> {
  const rows = await db
    .delete(mediaObjects)
    .where(
      or(
        eq(mediaObjects.taskId, taskId),
        sourceFileId === null ? undefined : eq(mediaObjects.id, sourceFileId),
      ),
    )
    .returning({ storageKey: mediaObjects.storageKey })
  return rows.map((row) => row.storageKey)
}

export async function updateTask(db: Db, id: number, changes: Partial<typeof tasks.$inferInsert>) {
  await db.update(tasks).set(changes).where(eq(tasks.id, id))
}

/** Items, item sets, annotations, reviews, dumps and media rows go with it (cascades). */
export async function deleteTaskRow(db: Db, id: number) {
  await db.delete(tasks).where(eq(tasks.id, id))
}
