import { msg } from '#lingui-message'
import {
  canChangeTaskStatus,
  TASK_STATUS_TRANSITIONS,
  type Task,
  type TaskBulkDeleteResult,
  type TaskBulkUpdateResult,
  type TaskFilters,
  type TaskListQuery,
  type TaskPatch,
} from '../../../../contract/client-tasks'
import type { Paged } from '../../../../contract/common'
import type { Db } from '../../../db/client'
import type { tasks } from '../../../db/schema'
import type { SessionUser } from '../../../http/augment'
import { conflict, fieldError, HttpError, notFound } from '../../../http/errors'
import { type ApiMessage, oneOf } from '../../../http/i18n'
import { assertInClientScope, type ClientScope, clientScopeOf } from '../../client-groups/scope'
import { removeStoredFile } from '../../media/storage'
import type { MediaStore } from '../../media/store/media-store'
import type { WebhookEvents } from '../../webhooks/events'
import { countersByTask } from '../counters'
import { dumpFilePaths, latestDumps } from '../dumps/dump-queries'
import {
  countTasks,
  deleteTaskMedia,
  deleteTaskRow,
  findTask,
  pageTaskIds,
  projectExists,
  taskConditions,
  taskRows,
  updateTask,
} from './task-queries'
import { toTask } from './views'

export type TaskDeps = { db: Db; media: MediaStore }

/** Tasks as the API shows them, in the order of `ids`, counters computed now. */
export async function taskViews(db: Db, ids: number[]): Promise<Task[]> {
  const now = new Date()
  const [rows, counters, dumps] = await Promise.all([
    taskRows(db, ids),
    countersByTask(db, ids),
    latestDumps(db, ids),
  ])
  const byId = new Map(rows.map((row) => [row.task.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toTask(row, counters.get(id), dumps.get(id), now)] : []
  })
}

export async function listTasks(
  db: Db,
  user: SessionUser,
  query: TaskListQuery,
): Promise<Omit<Paged<Task>, 'next' | 'previous'>> {
  const where = taskConditions(await clientScopeOf(db, user), query)
  const [count, ids] = await Promise.all([
    countTasks(db, where),
    pageTaskIds(db, where, query.ordering, query),
  ])
  return { count, results: await taskViews(db, ids) }
}

export async function countFilteredTasks(db: Db, user: SessionUser, filters: TaskFilters) {
  return { count: await countTasks(db, taskConditions(await clientScopeOf(db, user), filters)) }
}

/** A task the client may see; any other id answers 404 as if it did not exist. */
export async function taskInScope(db: Db, scope: ClientScope, id: number, { lock = false } = {}) {
  return assertInClientScope(scope, await findTask(db, id, { lock }), msg`Task not found.`).task
}

export async function getTask(db: Db, user: SessionUser, id: number): Promise<Task> {
  await taskInScope(db, await clientScopeOf(db, user), id)
  const [view] = await taskViews(db, [id])
  if (!view) throw notFound(msg`Task not found.`)
  return view
}

const processingConflict = () =>
  conflict(msg`The task is still processing its upload; it cannot be changed until that is done.`)

function statusChange(from: Task['status'], to: Task['status'], now: Date) {
  if (!canChangeTaskStatus(from, to)) {
    const allowed = TASK_STATUS_TRANSITIONS[from]
    const values = { from, to, allowed: oneOf(allowed) }
    throw allowed.length > 0
      ? fieldError(
          'status',
          msg({ message: 'A {from} task cannot become {to}; it can become {allowed}.' }),
          values,
        )
      : fieldError('status', msg({ message: 'A {from} task cannot become {to}.' }), values)
  }
  return {
    status: to,
    ...(to === 'IN_PROGRESS' && from === 'CREATED' ? { startedAt: now } : {}),
    ...(to === 'FINISHED' && from !== 'ARCHIVED' ? { endedAt: now } : {}),
  }
}

/** Applies one PATCH to one task in its own transaction, with the status rules of the contract. */
async function applyPatch(deps: TaskPatchDeps, scope: ClientScope, id: number, patch: TaskPatch) {
  await deps.db.transaction(async (tx) => {
    const task = await taskInScope(tx, scope, id, { lock: true })
    if (task.status === 'PROCESSING') throw processingConflict()
    if (patch.project != null && !(await projectExists(tx, patch.project))) {
      throw fieldError('project', msg`No such project.`)
    }
    const changes: Partial<typeof tasks.$inferInsert> = {
      ...(patch.status !== undefined && patch.status !== task.status
        ? statusChange(task.status, patch.status, new Date())
        : {}),
      description: patch.description,
      deadline: patch.deadline == null ? patch.deadline : new Date(patch.deadline),
      metadata: patch.metadata,
      localParameters: patch.local_parameters,
      projectId: patch.project,
      downloadEnabled: patch.download_enabled,
      maxItemsPerUser: patch.max_items_per_user,
    }
    // Drizzle leaves undefined values out of the update; an empty PATCH writes nothing.
    if (Object.values(changes).some((value) => value !== undefined)) {
      await updateTask(tx, id, changes)
    }
    // Unarchiving gives FINISHED back, but the task finished long ago: that was its event.
    if (changes.status === 'FINISHED' && task.status !== 'ARCHIVED') {
      await deps.events.emitForTask(tx, id, 'task.finished')
    }
  })
}

/** A patch may finish a task, which its client group's webhooks are told of. */
export type TaskPatchDeps = { db: Db; events: WebhookEvents }

export async function patchTask(
  deps: TaskPatchDeps,
  user: SessionUser,
  id: number,
  patch: TaskPatch,
) {
  await applyPatch(deps, await clientScopeOf(deps.db, user), id, patch)
  return getTask(deps.db, user, id)
}

/** Runs `action` for each id on its own; expected refusals become per-task details, said by `say`. */
async function eachTask(
  ids: number[],
  action: (id: number) => Promise<void>,
  say: (message: ApiMessage) => string,
) {
  const done: number[] = []
  const refused: { id: number; detail: string }[] = []
  for (const id of new Set(ids)) {
    try {
      await action(id)
      done.push(id)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      refused.push({ id, detail: say(error.detail) })
    }
  }
  return { done, refused }
}

export async function bulkUpdateTasks(
  deps: TaskPatchDeps,
  user: SessionUser,
  ids: number[],
  patch: TaskPatch,
  say: (message: ApiMessage) => string,
): Promise<TaskBulkUpdateResult> {
  const scope = await clientScopeOf(deps.db, user)
  const { done, refused } = await eachTask(ids, (id) => applyPatch(deps, scope, id, patch), say)
  return { updated_tasks: done, not_updated_tasks: refused }
}

/**
 * Deletes a task with everything that cascades from it (items, item sets, annotations, reviews,
 * dumps, its media rows) and its uploaded source file. Files go after the commit: a rollback
 * never leaves rows pointing at deleted files, and a crash in between only leaves orphan files.
 * A task whose upload is still being read cannot go (409); one whose upload failed can.
 */
async function removeTask(deps: TaskDeps, scope: ClientScope, id: number) {
  const storageKeys = await deps.db.transaction(async (tx) => {
    const task = await taskInScope(tx, scope, id, { lock: true })
    if (task.status === 'PROCESSING' && !task.processingError) throw processingConflict()
    const dumpFiles = await dumpFilePaths(tx, id)
    const mediaFiles = await deleteTaskMedia(tx, id, task.sourceFileId)
    await deleteTaskRow(tx, id)
    return [...dumpFiles, ...mediaFiles]
  })
  await Promise.all(storageKeys.map((key) => removeStoredFile(deps.media, key)))
}

export async function deleteTask(deps: TaskDeps, user: SessionUser, id: number) {
  await removeTask(deps, await clientScopeOf(deps.db, user), id)
}

export async function bulkDeleteTasks(
  deps: TaskDeps,
  user: SessionUser,
  ids: number[],
  say: (message: ApiMessage) => string,
): Promise<TaskBulkDeleteResult> {
  const scope = await clientScopeOf(deps.db, user)
  const { done, refused } = await eachTask(ids, (id) => removeTask(deps, scope, id), say)
  return { deleted_tasks_ids: done, not_deleted_tasks: refused }
}
