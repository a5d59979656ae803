import { isDeepStrictEqual } from 'node:util'
import type {
  TaskSchemaCreate,
  TaskSchemaEntity,
  TaskSchemaPatch,
} from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { assertSafePatterns } from '../../patterns/pattern-safety'
import { clientScopeOf } from '../client-groups/scope'
import { assertClientGroupInScope } from './references'
import { schemaRows, schemaTable } from './schema-queries'
import { SCHEMA_KIND, usageOf } from './version-queries'
import { deleteUnusedVersion, editVersion, versionEntity, versionedReads } from './versioning'

async function loadSchemas(db: Db, ids: number[]): Promise<TaskSchemaEntity[]> {
  const rows = await schemaRows(db, ids)
  const usage = await usageOf(db, SCHEMA_KIND, ids)
  return rows.map(({ schema, author, clientGroup }) =>
    versionEntity(schema, { schema: schema.schema }, { author, clientGroup, usage }),
  )
}

export const schemaReads = versionedReads(SCHEMA_KIND, loadSchemas)

export async function createSchema(
  db: Db,
  user: SessionUser,
  body: TaskSchemaCreate,
): Promise<TaskSchemaEntity> {
  await assertClientGroupInScope(db, await clientScopeOf(db, user), body.client_group)
  await assertSafePatterns(body.schema)
  const id = await schemaTable.insert(db, {
    name: body.name,
    clientGroupId: body.client_group,
    schema: body.schema,
    authorId: user.id,
  })
  return schemaReads.one(db, id)
}

export async function patchSchema(
  db: Db,
  user: SessionUser,
  id: number,
  patch: TaskSchemaPatch,
): Promise<TaskSchemaEntity> {
  const scope = await clientScopeOf(db, user)
  // Checked before the transaction: the analysis may take a moment and must not hold row locks.
  if (patch.schema !== undefined) await assertSafePatterns(patch.schema)
  const resultId = await editVersion(db, SCHEMA_KIND, scope, id, {
    lock: schemaTable.lock,
    changesContent: (row) =>
      patch.schema !== undefined && !isDeepStrictEqual(patch.schema, row.schema),
    inPlace: (tx) => schemaTable.update(tx, id, patch),
    insertNext: (tx, row, version) =>
      schemaTable.insert(tx, {
        lineageId: row.lineageId,
        version,
        name: patch.name ?? row.name,
        schema: patch.schema ?? row.schema,
        clientGroupId: row.clientGroupId,
        authorId: user.id,
      }),
  })
  return schemaReads.one(db, resultId)
}

export async function deleteSchema(db: Db, user: SessionUser, id: number): Promise<void> {
  await deleteUnusedVersion(db, SCHEMA_KIND, await clientScopeOf(db, user), id, schemaTable.lock)
}
