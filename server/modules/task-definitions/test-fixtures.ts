import type { TaskSchemaDocumentInput } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  clientGroups,
  languages,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypes,
} from '../../db/schema'
import type { TaskStatus } from '../../db/schema/enums'
import type { TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'

/** Rows the definition tests build on, written straight into the database. */

let sequence = 0
const unique = (prefix: string) => `${prefix}-${++sequence}-${process.pid}`

export async function makeClientGroup(db: Db, name = unique('group')) {
  const [group] = await db
    .insert(clientGroups)
    .values({ name, fullName: `${name} Ltd` })
    .returning()
  if (!group) throw new Error('client group insert returned nothing')
  return group
}

/** A client who belongs to one new client group, and that group. */
export async function clientOfNewGroup(t: TestApp): Promise<{
  client: SignedInClient
  group: Awaited<ReturnType<typeof makeClientGroup>>
}> {
  const group = await makeClientGroup(t.db)
  const client = await signIn(t, { roles: ['client'] })
  await t.db.insert(clientGroupMembers).values({ groupId: group.id, userId: client.user.id })
  return { client, group }
}

export const place = (row: number, column: number, col_width = 12, col_offset = 0) => ({
  row,
  column,
  col_width,
  col_offset,
})

/** A small valid document: a prompt to read and a transcript to type. */
export function schemaDocument(label = 'Transcript'): TaskSchemaDocumentInput {
  return {
    validators: [{ type: 'required', field: 'transcript' }],
    rows_visibility: [],
    item_schema: {
      prompt: {
        widget: { config: { component: 'text', label: 'Prompt' } },
        grid_placement: place(0, 0),
      },
    },
    annotation_schema: {
      transcript: {
        widget: { config: { component: 'textarea', label } },
        grid_placement: place(1, 0),
        data_type: 'string',
      },
    },
  }
}

export async function insertSchema(db: Db, clientGroupId: number, name = unique('schema')) {
  const [row] = await db
    .insert(taskSchemas)
    .values({
      name,
      clientGroupId,
      schema: {
        ...schemaDocument(),
        validators: [{ type: 'required', field: 'transcript', severity: 'error' }],
        rows_visibility: [],
      },
    })
    .returning()
  if (!row) throw new Error('schema insert returned nothing')
  return row
}

export async function insertProtocol(db: Db, clientGroupId: number, name = unique('protocol')) {
  const [row] = await db
    .insert(taskProtocols)
    .values({ name, clientGroupId, content: '# Rules\n\nDo it well.\n' })
    .returning()
  if (!row) throw new Error('protocol insert returned nothing')
  return row
}

export async function insertTaskType(
  db: Db,
  clientGroupId: number,
  refs: { schemaId?: number; protocolId?: number } = {},
) {
  const schemaId = refs.schemaId ?? (await insertSchema(db, clientGroupId)).id
  const protocolId = refs.protocolId ?? (await insertProtocol(db, clientGroupId)).id
  const [row] = await db
    .insert(taskTypes)
    .values({ name: unique('type'), clientGroupId, schemaId, protocolId })
    .returning()
  if (!row) throw new Error('task type insert returned nothing')
  return row
}

export async function insertLanguage(db: Db, code: string, name: string) {
  const [row] = await db.insert(languages).values({ code, name }).returning()
  if (!row) throw new Error('language insert returned nothing')
  return row
}

/** A task of a type, pinned to the type's current schema and protocol versions. */
export async function insertTask(
  db: Db,
  taskType: { id: number; schemaId: number; protocolId: number },
  languageIds: { base: number; target: number },
  values: { status?: TaskStatus; description?: string; createdAt?: Date; endedAt?: Date } = {},
) {
  const [row] = await db
    .insert(tasks)
    .values({
      taskTypeId: taskType.id,
      schemaId: taskType.schemaId,
      protocolId: taskType.protocolId,
      baseLanguageId: languageIds.base,
      targetLanguageId: languageIds.target,
      description: values.description ?? unique('task'),
      status: values.status ?? 'IN_PROGRESS',
      ...(values.createdAt && { createdAt: values.createdAt }),
      ...(values.endedAt && { endedAt: values.endedAt }),
    })
    .returning()
  if (!row) throw new Error('task insert returned nothing')
  return row
}
