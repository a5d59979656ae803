import { isDeepStrictEqual } from 'node:util'
import type {
  TaskSchemaCreate,
  TaskSchemaEntity,
  TaskSchemaPatch,
  VersionedDetailQuery,
  VersionedListQuery,
  VersionRef,
} from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { clientScopeOf } from '../client-groups/scope'
import { assertClientGroupInScope } from './references'
import { insertSchema, lockSchema, schemaRows, updateSchema } from './schema-queries'
import { SCHEMA_KIND, usageOf } from './version-queries'
import {
  deleteUnusedVersion,
  editVersion,
  listVersionPage,
  listVersionRefs,
  loadOne,
  previousVersions,
  resolveVersion,
} from './versioning'

async function loadSchemas(db: Db, ids: number[]): Promise<TaskSchemaEntity[]> {
  const rows = await schemaRows(db, ids)
  const usage = await usageOf(db, SCHEMA_KIND, ids)
  return rows.map(({ schema, author, clientGroup }) => ({
    id: schema.id,
    name: schema.name,
    version: schema.version,
    schema: schema.schema,
    author,
    client_group: clientGroup,
    created_timestamp: schema.createdAt.toISOString(),
    next_version: schema.nextVersionId,
    task_types: usage.taskTypes(schema.id),
    tasks: usage.tasks(schema.id),
  }))
}

export async function listSchemas(
  db: Db,
  user: SessionUser,
  query: VersionedListQuery,
): Promise<{ count: number; results: TaskSchemaEntity[] }> {
  return listVersionPage(db, SCHEMA_KIND, await clientScopeOf(db, user), query, loadSchemas)
}

export async function listSchemaRefs(
  db: Db,
  user: SessionUser,
  query: VersionedListQuery,
): Promise<VersionRef[]> {
  return listVersionRefs(db, SCHEMA_KIND, await clientScopeOf(db, user), query)
}

export async function getSchema(
  db: Db,
  user: SessionUser,
  id: number,
  query: VersionedDetailQuery,
): Promise<TaskSchemaEntity | VersionRef> {
  const head = await resolveVersion(db, SCHEMA_KIND, await clientScopeOf(db, user), id, query)
  if (query.base) return { id: head.id, name: head.name, version: head.version }
  return loadOne(db, loadSchemas, head.id)
}

export async function schemaPreviousVersions(db: Db, user: SessionUser, id: number) {
  return previousVersions(db, SCHEMA_KIND, await clientScopeOf(db, user), id, loadSchemas)
}

export async function createSchema(
  db: Db,
  user: SessionUser,
  body: TaskSchemaCreate,
): Promise<TaskSchemaEntity> {
  await assertClientGroupInScope(db, await clientScopeOf(db, user), body.client_group)
  const id = await insertSchema(db, {
    name: body.name,
    clientGroupId: body.client_group,
    schema: body.schema,
    authorId: user.id,
  })
  return loadOne(db, loadSchemas, id)
}

export async function patchSchema(
  db: Db,
  user: SessionUser,
  id: number,
  patch: TaskSchemaPatch,
): Promise<TaskSchemaEntity> {
  const scope = await clientScopeOf(db, user)
  const resultId = await editVersion(db, SCHEMA_KIND, scope, id, {
    lock: lockSchema,
    changesContent: (row) =>
      patch.schema !== undefined && !isDeepStrictEqual(patch.schema, row.schema),
    inPlace: (tx) => updateSchema(tx, id, patch),
    insertNext: (tx, row, version) =>
      insertSchema(tx, {
        lineageId: row.lineageId,
        version,
        name: patch.name ?? row.name,
        schema: patch.schema ?? row.schema,
        clientGroupId: row.clientGroupId,
        authorId: user.id,
      }),
  })
  return loadOne(db, loadSchemas, resultId)
}

export async function deleteSchema(db: Db, user: SessionUser, id: number): Promise<void> {
  await deleteUnusedVersion(db, SCHEMA_KIND, await clientScopeOf(db, user), id, lockSchema)
}
