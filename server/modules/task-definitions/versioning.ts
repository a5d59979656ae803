import { msg } from '#lingui-message'
import type {
  VersionedDetailQuery,
  VersionedListQuery,
  VersionRef,
} from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict } from '../../http/errors'
import { assertInClientScope, type ClientScope, clientScopeOf } from '../client-groups/scope'
import { groupCondition, inOrderOf, nameMatches, orderBy } from './listing'
import {
  deleteVersion,
  findVersionHead,
  isUsedByTasks,
  latestRefs,
  latestVersionHead,
  linkNextVersion,
  nextVersionNumber,
  pageOfLatestIds,
  previousVersionIds,
  usageCounts,
  type usageOf,
  type VersionedKind,
  type VersionHead,
} from './version-queries'

/**
 * The rules schemas and protocols share: what lists show, how an id resolves, when an edit makes
 * a new version, and when a version may be deleted. See contract/client-definitions.ts.
 */

/** Loads whole entities by id, in any order. */
export type EntityLoader<E extends { id: number }> = (db: Db, ids: number[]) => Promise<E[]>

function listFilters(kind: VersionedKind, scope: ClientScope, query: VersionedListQuery) {
  const groups = groupCondition(kind.table.clientGroupId, scope, query.client_group__id)
  if (groups === 'none') return null
  return {
    where: [groups, nameMatches(kind.table.name, query.search)],
    order: orderBy(query.ordering, {
      id: kind.table.id,
      name: kind.table.name,
      createdAt: kind.table.createdAt,
    }),
  }
}

export async function listVersionRefs(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  query: VersionedListQuery,
): Promise<VersionRef[]> {
  const filters = listFilters(kind, scope, query)
  return filters ? latestRefs(db, kind, filters.where, filters.order) : []
}

export async function listVersionPage<E extends { id: number }>(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  query: VersionedListQuery,
  load: EntityLoader<E>,
): Promise<{ count: number; results: E[] }> {
  const filters = listFilters(kind, scope, query)
  if (!filters) return { count: 0, results: [] }
  const page = await pageOfLatestIds(db, kind, filters.where, filters.order, query)
  return { count: page.count, results: inOrderOf(page.ids, await load(db, page.ids)) }
}

const kindMessages = {
  schema: {
    notFound: msg`No such task schema.`,
    replaced: msg({
      message:
        'Version {version} of this schema has been replaced; edit its newest version (id {newest} or later).',
    }),
    used: msg({
      message:
        'This schema is used by {taskTypes} task type(s) and {tasks} task(s); it can be deleted only when nothing uses it.',
    }),
  },
  protocol: {
    notFound: msg`No such task protocol.`,
    replaced: msg({
      message:
        'Version {version} of this protocol has been replaced; edit its newest version (id {newest} or later).',
    }),
    used: msg({
      message:
        'This protocol is used by {taskTypes} task type(s) and {tasks} task(s); it can be deleted only when nothing uses it.',
    }),
  },
}
const notFoundText = (kind: VersionedKind) => kindMessages[kind.what].notFound

/** The version an id names (or, with `latest`, its lineage's newest), within the scope. */
export async function resolveVersion(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  id: number,
  { latest }: Pick<VersionedDetailQuery, 'latest'> = { latest: false },
): Promise<VersionHead> {
  const head = assertInClientScope(scope, await findVersionHead(db, kind, id), notFoundText(kind))
  if (!latest || head.nextVersionId === null) return head
  return (await latestVersionHead(db, kind, head.lineageId)) ?? head
}

/**
 * A version as lists and details answer it: what its kind holds (`content`) between the
 * version's identity and where it stands, in the contract's order (versionedEntitySchema).
 */
export function versionEntity<TContent extends object, TAuthor, TClientGroup>(
  row: { id: number; name: string; version: number; createdAt: Date; nextVersionId: number | null },
  content: TContent,
  refs: {
    author: TAuthor
    clientGroup: TClientGroup
    usage: Awaited<ReturnType<typeof usageOf>>
  },
) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    ...content,
    author: refs.author,
    client_group: refs.clientGroup,
    created_timestamp: row.createdAt.toISOString(),
    next_version: row.nextVersionId,
    task_types: refs.usage.taskTypes(row.id),
    tasks: refs.usage.tasks(row.id),
  }
}

export async function loadOne<E extends { id: number }>(db: Db, load: EntityLoader<E>, id: number) {
  const [entity] = await load(db, [id])
  if (!entity) throw new Error(`entity ${id} vanished while being answered`)
  return entity
}

export async function previousVersions<E extends { id: number }>(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  id: number,
  load: EntityLoader<E>,
): Promise<E[]> {
  const head = await resolveVersion(db, kind, scope, id)
  const ids = await previousVersionIds(db, kind, head)
  return inOrderOf(ids, await load(db, ids))
}

/**
 * What a signed-in user reads of a versioned kind, in their client scope: a page of newest
 * versions or all of them in the light form, one version, and the versions before one; `one`
 * loads a version without a scope check, for answering a write that made the checks.
 */
export function versionedReads<E extends { id: number }>(
  kind: VersionedKind,
  load: EntityLoader<E>,
) {
  return {
    list: async (db: Db, user: SessionUser, query: VersionedListQuery) =>
      listVersionPage(db, kind, await clientScopeOf(db, user), query, load),
    listRefs: async (db: Db, user: SessionUser, query: VersionedListQuery) =>
      listVersionRefs(db, kind, await clientScopeOf(db, user), query),
    get: async (
      db: Db,
      user: SessionUser,
      id: number,
      query: VersionedDetailQuery,
    ): Promise<E | VersionRef> => {
      const head = await resolveVersion(db, kind, await clientScopeOf(db, user), id, query)
      if (query.base) return { id: head.id, name: head.name, version: head.version }
      return loadOne(db, load, head.id)
    },
    previousVersions: async (db: Db, user: SessionUser, id: number) =>
      previousVersions(db, kind, await clientScopeOf(db, user), id, load),
    one: (db: Db, id: number) => loadOne(db, load, id),
  }
}

export type VersionEdit<Row extends VersionHead> = {
  /** The row, locked until the transaction ends, so two edits of one version queue up. */
  lock: (tx: Db, id: number) => Promise<Row | undefined>
  /** Whether the edit changes what annotators see (not just the name). */
  changesContent: (row: Row) => boolean
  inPlace: (tx: Db, row: Row) => Promise<void>
  /** Inserts the next version and answers its id. */
  insertNext: (tx: Db, row: Row, version: number) => Promise<number>
}

/**
 * Applies an edit: a content change of a version that tasks use becomes the lineage's next
 * version, to which the task types of the edited version move; anything else is applied in
 * place. Answers the id of the version that now holds the edit.
 */
export function editVersion<Row extends VersionHead>(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  id: number,
  edit: VersionEdit<Row>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = assertInClientScope(scope, await edit.lock(tx, id), notFoundText(kind))
    if (row.nextVersionId !== null) {
      throw conflict(kindMessages[kind.what].replaced, {
        version: row.version,
        newest: row.nextVersionId,
      })
    }
    if (edit.changesContent(row) && (await isUsedByTasks(tx, kind, id))) {
      const newId = await edit.insertNext(tx, row, await nextVersionNumber(tx, kind, row.lineageId))
      await linkNextVersion(tx, kind, id, newId)
      return newId
    }
    await edit.inPlace(tx, row)
    return id
  })
}

/** Deletes a version nothing uses; answers the row it deleted. */
export function deleteUnusedVersion<Row extends VersionHead>(
  db: Db,
  kind: VersionedKind,
  scope: ClientScope,
  id: number,
  lock: (tx: Db, id: number) => Promise<Row | undefined>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const row = assertInClientScope(scope, await lock(tx, id), notFoundText(kind))
    const usage = await usageCounts(tx, kind, id)
    if (usage.taskTypes > 0 || usage.tasks > 0) {
      throw conflict(kindMessages[kind.what].used, usage)
    }
    await deleteVersion(tx, kind, id)
    return row
  })
}
