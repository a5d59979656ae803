import { expect } from 'vitest'
import { gridPlacement, type TaskSchemaDocumentInput } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import { languages, taskProtocols, taskSchemas, tasks, taskTypes } from '../../db/schema'
import type { TaskStatus } from '../../db/schema/enums'
import {
  annotationField,
  type ClientGroup,
  schemaField,
  seedClientGroup,
  uniqueName,
} from '../../test/fixtures'
import type { TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'

/** Rows the definition tests build on, written straight into the database. */

/** A client who belongs to one new client group, and that group. */
export async function clientOfNewGroup(
  t: TestApp,
): Promise<{ client: SignedInClient; group: ClientGroup }> {
  const client = await signIn(t, { roles: ['client'] })
  const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
  return { client, group }
}

/** A small valid document: a prompt to read and a transcript to type. */
export function schemaDocument(label = 'Transcript'): TaskSchemaDocumentInput {
  return {
    validators: [{ type: 'required', field: 'transcript' }],
    rows_visibility: [],
    item_schema: {
      prompt: schemaField('text', 'Prompt', gridPlacement(0, 0)),
    },
    annotation_schema: {
      transcript: annotationField('textarea', label, gridPlacement(1, 0), 'string'),
    },
  }
}

export async function insertSchema(db: Db, clientGroupId: number, name = uniqueName('schema')) {
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

export async function insertProtocol(db: Db, clientGroupId: number, name = uniqueName('protocol')) {
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
    .values({ name: uniqueName('type'), clientGroupId, schemaId, protocolId })
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
      description: values.description ?? uniqueName('task'),
      status: values.status ?? 'IN_PROGRESS',
      ...(values.createdAt && { createdAt: values.createdAt }),
      ...(values.endedAt && { endedAt: values.endedAt }),
    })
    .returning()
  if (!row) throw new Error('task insert returned nothing')
  return row
}

/** Every call on a version of another client group answers 404, as if it did not exist. */
export async function expectHiddenVersion(
  stranger: SignedInClient,
  path: string,
  id: number,
  patch: object,
) {
  for (const response of [
    await stranger.get(`${path}${id}/`),
    await stranger.get(`${path}${id}/previous-versions/`),
    await stranger.patch(`${path}${id}/`, patch),
    await stranger.delete(`${path}${id}/`),
  ]) {
    expect(response.statusCode).toBe(404)
  }
}
