import { eq } from 'drizzle-orm'
import { msg } from '#lingui-message'
import {
  canChangeTaskTypeStatus,
  TASK_TYPE_STATUS_TRANSITIONS,
  type TaskTypeCreate,
  type TaskTypeEntity,
  type TaskTypeListQuery,
  type TaskTypePatch,
  taskTypeDefaults,
} from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import { taskTypes } from '../../db/schema'
import type { TaskTypeUserList } from '../../db/schema/enums'
import type { SessionUser } from '../../http/augment'
import { conflict, fieldError, notFound } from '../../http/errors'
import { oneOf } from '../../http/i18n'
import { assertInClientScope, canSeeClientGroup, clientScopeOf } from '../client-groups/scope'
import { reopenTasksOfType } from '../worker-tasks/claim-queries'
import { groupCondition, inOrderOf, nameMatches, orderBy } from './listing'
import { assertClientGroupInScope } from './references'
import { checkTaskTypeState, type TaskTypeState } from './task-type-checks'
import {
  countTasksOfType,
  deleteTaskType as deleteTaskTypeRow,
  pageOfTaskTypeIds,
  replaceLimiters,
  replaceProjects,
  replaceTaskGroups,
  replaceUserList,
  type TaskTypeRow,
  taskTypeLinks,
  taskTypeRows,
  taskTypeTable,
} from './task-type-queries'
import { inLineageOf, PROTOCOL_KIND, SCHEMA_KIND } from './version-queries'
import { loadOne } from './versioning'

const USER_LISTS = ['whitelist', 'blacklist', 'deputy'] as const satisfies TaskTypeUserList[]
const NOT_FOUND = msg`No such task type.`

async function loadTaskTypes(db: Db, ids: number[]): Promise<TaskTypeEntity[]> {
  const rows = await taskTypeRows(db, ids)
  const links = await taskTypeLinks(db, ids)
  const of = <T extends { taskTypeId: number }>(list: T[], id: number) =>
    list.filter((row) => row.taskTypeId === id)
  const ref = ({ id, name }: { id: number; name: string }) => ({ id, name })
  return rows.map(({ taskType: row, schema, protocol, clientGroup, defaultProject, author }) => {
    const users = (list: TaskTypeUserList) =>
      of(links.userRows, row.id)
        .filter((user) => user.list === list)
        .map(({ id, username }) => ({ id, username }))
    const counts = of(links.taskCounts, row.id)
    const tasksWhere = (archived: boolean) =>
      counts.find((entry) => entry.archived === archived)?.value ?? 0
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      is_fixed_sets: row.isFixedSets,
      items_per_set: row.itemsPerSet,
      annotations_per_item: row.annotationsPerItem,
      max_items_per_user_percent: row.maxItemsPerUserPercent,
      review_enabled: row.reviewEnabled,
      review_probability: row.reviewProbability,
      review_newcomers_bound: row.reviewNewcomersBound,
      download_enabled: row.downloadEnabled,
      encrypt_audio: row.encryptAudio,
      archivation_timeout: row.archivationTimeout,
      delete_archived: row.deleteArchived,
      default_metadata: row.defaultMetadata,
      custom_itemset_lock_time: row.customItemsetLockTime,
      custom_timelogs_merge_threshold: row.customTimelogsMergeThreshold,
      gold_share: row.goldShare,
      gold_text_max_cer: row.goldTextMaxCer,
      gold_window: row.goldWindow,
      min_gold_accuracy: row.minGoldAccuracy,
      min_gold_answers: row.minGoldAnswers,
      min_seconds_per_item: row.minSecondsPerItem,
      schema,
      protocol,
      client_group: clientGroup,
      limiters: of(links.limiterRows, row.id).map(ref),
      whitelist: users('whitelist'),
      blacklist: users('blacklist'),
      deputy: users('deputy'),
      task_groups: of(links.groupRows, row.id).map((group) => ({
        id: group.linkId,
        group: ref(group),
      })),
      projects: of(links.projectRows, row.id).map(ref),
      default_project: defaultProject,
      removable: tasksWhere(false) + tasksWhere(true) === 0,
      active_tasks: tasksWhere(false),
      archived_tasks: tasksWhere(true),
      author,
      created_timestamp: row.createdAt.toISOString(),
    }
  })
}

export async function listTaskTypes(db: Db, user: SessionUser, query: TaskTypeListQuery) {
  const scope = await clientScopeOf(db, user)
  const groups = groupCondition(taskTypes.clientGroupId, scope, query.client_group__id)
  if (groups === 'none') return { count: 0, results: [] }
  const page = await pageOfTaskTypeIds(
    db,
    [
      groups,
      nameMatches(taskTypes.name, query.search),
      query.schema === undefined
        ? undefined
        : inLineageOf(SCHEMA_KIND, taskTypes.schemaId, query.schema),
      query.protocol === undefined
        ? undefined
        : inLineageOf(PROTOCOL_KIND, taskTypes.protocolId, query.protocol),
      query.status === undefined ? undefined : eq(taskTypes.status, query.status),
    ],
    orderBy(query.ordering, {
      id: taskTypes.id,
      name: taskTypes.name,
      createdAt: taskTypes.createdAt,
    }),
    query,
  )
  return { count: page.count, results: inOrderOf(page.ids, await loadTaskTypes(db, page.ids)) }
}

export async function getTaskType(db: Db, user: SessionUser, id: number) {
  const scope = await clientScopeOf(db, user)
  const [entity] = await loadTaskTypes(db, [id])
  if (!entity || !canSeeClientGroup(scope, entity.client_group.id)) throw notFound(NOT_FOUND)
  return entity
}

/** The task type's settings columns, from contract names. */
function settingsColumns(settings: Partial<TaskTypeState> & { name?: string }) {
  return {
    name: settings.name,
    schemaId: settings.schema,
    protocolId: settings.protocol,
    isFixedSets: settings.is_fixed_sets,
    itemsPerSet: settings.items_per_set,
    annotationsPerItem: settings.annotations_per_item,
    maxItemsPerUserPercent: settings.max_items_per_user_percent,
    reviewEnabled: settings.review_enabled,
    reviewProbability: settings.review_probability,
    reviewNewcomersBound: settings.review_newcomers_bound,
    downloadEnabled: settings.download_enabled,
    encryptAudio: settings.encrypt_audio,
    archivationTimeout: settings.archivation_timeout,
    deleteArchived: settings.delete_archived,
    defaultMetadata: settings.default_metadata,
    customItemsetLockTime: settings.custom_itemset_lock_time,
    customTimelogsMergeThreshold: settings.custom_timelogs_merge_threshold,
    goldShare: settings.gold_share,
    goldTextMaxCer: settings.gold_text_max_cer,
    goldWindow: settings.gold_window,
    minGoldAccuracy: settings.min_gold_accuracy,
    minGoldAnswers: settings.min_gold_answers,
    minSecondsPerItem: settings.min_seconds_per_item,
    defaultProjectId: settings.default_project,
  }
}

/** Rewrites the link tables a write names. */
async function writeLinks(db: Db, id: number, links: Partial<TaskTypeState>) {
  if (links.limiters) await replaceLimiters(db, id, links.limiters)
  for (const list of USER_LISTS) {
    const ids = links[list]
    if (ids) await replaceUserList(db, id, list, ids)
  }
  if (links.task_groups) await replaceTaskGroups(db, id, links.task_groups)
  if (links.projects) await replaceProjects(db, id, links.projects)
}

/** Duplicate ids in a list mean the same as one. */
function withoutDuplicates<T extends Partial<TaskTypeState>>(values: T): T {
  const lists = ['limiters', ...USER_LISTS, 'task_groups', 'projects'] as const
  const copy = { ...values }
  for (const key of lists) {
    const ids = copy[key]
    if (ids) copy[key] = [...new Set(ids)]
  }
  return copy
}

/** `publicInstance` picks the defaults of what the body leaves out (encrypt_audio). */
export async function createTaskType(
  db: Db,
  user: SessionUser,
  body: TaskTypeCreate,
  { publicInstance }: { publicInstance: boolean },
): Promise<TaskTypeEntity> {
  const scope = await clientScopeOf(db, user)
  await assertClientGroupInScope(db, scope, body.client_group)
  const { client_group: clientGroupId, ...given } = withoutDuplicates(body)
  const state: TaskTypeState & { name: string } = {
    ...taskTypeDefaults({ publicInstance }),
    ...given,
  }
  const id = await db.transaction(async (tx) => {
    await checkTaskTypeState(tx, scope, clientGroupId, state, new Set(Object.keys(state)))
    const id = await taskTypeTable.insert(tx, {
      ...settingsColumns(state),
      name: state.name,
      schemaId: state.schema,
      protocolId: state.protocol,
      clientGroupId,
      authorId: user.id,
    })
    await writeLinks(tx, id, state)
    return id
  })
  return loadOne(db, loadTaskTypes, id)
}

/** The ids a task type's links hold now, as a write would give them. */
async function currentState(db: Db, row: TaskTypeRow): Promise<TaskTypeState> {
  const [entity] = await loadTaskTypes(db, [row.id])
  if (!entity) throw new Error(`task type ${row.id} vanished`)
  const ids = (list: { id: number }[]) => list.map((entry) => entry.id)
  return {
    ...entity,
    schema: row.schemaId,
    protocol: row.protocolId,
    limiters: ids(entity.limiters),
    whitelist: ids(entity.whitelist),
    blacklist: ids(entity.blacklist),
    deputy: ids(entity.deputy),
    task_groups: entity.task_groups.map((link) => link.group.id),
    projects: ids(entity.projects),
    default_project: row.defaultProjectId,
  }
}

export async function patchTaskType(
  db: Db,
  user: SessionUser,
  id: number,
  patch: TaskTypePatch,
): Promise<TaskTypeEntity> {
  const scope = await clientScopeOf(db, user)
  await db.transaction(async (tx) => {
    const row = assertInClientScope(scope, await taskTypeTable.lock(tx, id), NOT_FOUND)
    if (patch.status !== undefined && !canChangeTaskTypeStatus(row.status, patch.status)) {
      const allowed = oneOf(TASK_TYPE_STATUS_TRANSITIONS[row.status])
      throw fieldError(
        'status',
        msg({ message: 'A {status} task type can only become {allowed}.' }),
        {
          status: row.status,
          allowed,
        },
      )
    }
    const changes = withoutDuplicates(patch)
    const state = { ...(await currentState(tx, row)), ...changes }
    await checkTaskTypeState(tx, scope, row.clientGroupId, state, new Set(Object.keys(changes)))
    await taskTypeTable.update(tx, id, { ...settingsColumns(changes), status: changes.status })
    await writeLinks(tx, id, changes)
    if ((changes.annotations_per_item ?? 0) > row.annotationsPerItem) {
      await reopenTasksOfType(tx, id)
    }
  })
  return loadOne(db, loadTaskTypes, id)
}

export async function deleteTaskType(db: Db, user: SessionUser, id: number): Promise<void> {
  const scope = await clientScopeOf(db, user)
  await db.transaction(async (tx) => {
    assertInClientScope(scope, await taskTypeTable.lock(tx, id), NOT_FOUND)
    const taskCount = await countTasksOfType(tx, id)
    if (taskCount > 0) {
      throw conflict(
        msg({
          message:
            'This task type has {taskCount, plural, one {# task} other {# tasks}}; it can be deleted only when it has none.',
        }),
        { taskCount },
      )
    }
    await deleteTaskTypeRow(tx, id)
  })
}
