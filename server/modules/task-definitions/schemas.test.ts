import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { taskSchemas, tasks, taskTypes } from '../../db/schema'
import { seedClientGroup } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import {
  clientOfNewGroup,
  expectHiddenVersion,
  insertLanguage,
  insertTask,
  insertTaskType,
  schemaDocument,
} from './test-fixtures'

let t: TestApp
let client: SignedInClient
let group: { id: number; name: string; fullName: string }
let languages: { base: number; target: number }

beforeAll(async () => {
  t = await createTestApp()
  ;({ client, group } = await clientOfNewGroup(t))
  const [pl, en] = [
    await insertLanguage(t.db, 'pl', 'Polish'),
    await insertLanguage(t.db, 'en', 'English'),
  ]
  languages = { base: pl.id, target: en.id }
})
afterAll(() => t.close())

async function createSchema(by: SignedInClient, clientGroupId: number, name = 'Transcription') {
  const response = await by.post('client/task-schemas/', {
    name,
    client_group: clientGroupId,
    schema: schemaDocument(),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('POST /api/client/task-schemas/', () => {
  it('creates version 1 with the author, group and filled-in defaults', async () => {
    const schema = await createSchema(client, group.id)
    expect(schema).toMatchObject({
      name: 'Transcription',
      version: 1,
      author: { id: client.user.id, username: client.user.username },
      client_group: { id: group.id, name: group.name, full_name: group.fullName },
      next_version: null,
      task_types: [],
      tasks: [],
    })
    expect(schema.schema.validators).toEqual([
      { type: 'required', field: 'transcript', severity: 'error' },
    ])
    expect(Date.parse(schema.created_timestamp)).not.toBeNaN()
  })

  it('answers 400 naming the field of an invalid document', async () => {
    const document = schemaDocument()
    const response = await client.post('client/task-schemas/', {
      name: 'Broken',
      client_group: group.id,
      schema: {
        ...document,
        annotation_schema: {
          transcript: { ...document.annotation_schema.transcript, data_type: 'text' },
        },
        validators: [{ type: 'regex', field: 'transcript', pattern: '(a)\\1' }],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'schema.annotation_schema.transcript.data_type',
      'schema.validators.0.pattern',
    ])
  })

  it('answers 400 on client_group for a group the client is not in', async () => {
    const other = await seedClientGroup(t.db)
    const response = await client.post('client/task-schemas/', {
      name: 'Elsewhere',
      client_group: other.id,
      schema: schemaDocument(),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({
      client_group: [`Client group ${other.id} does not exist.`],
    })
  })

  it('refuses users without the client permission', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    const response = await worker.post('client/task-schemas/', {
      name: 'x',
      client_group: group.id,
      schema: schemaDocument(),
    })
    expect(response.statusCode).toBe(403)
    expect((await worker.get('client/task-schemas/')).statusCode).toBe(403)
  })
})

describe('GET /api/client/task-schemas/', () => {
  it('lists the client group newest versions in pages, filtered and ordered', async () => {
    const { client: own, group: ownGroup } = await clientOfNewGroup(t)
    for (const name of ['Bravo', 'alpha', 'Charlie 50%']) await createSchema(own, ownGroup.id, name)

    const first = await own.get('client/task-schemas/', { query: { ordering: 'name', limit: '2' } })
    expect(first.statusCode).toBe(200)
    const page = first.json()
    expect(page.count).toBe(3)
    expect(page.results.map((schema: { name: string }) => schema.name)).toEqual(['alpha', 'Bravo'])
    expect(page.previous).toBeNull()
    expect(page.next).toBe('/api/client/task-schemas/?ordering=name&limit=2&offset=2')
    const second = (await own.get(page.next)).json()
    expect(second.results.map((schema: { name: string }) => schema.name)).toEqual(['Charlie 50%'])
    expect(second.previous).toBe('/api/client/task-schemas/?ordering=name&limit=2&offset=0')

    const searched = await own.get('client/task-schemas/', { query: { search: '50%' } })
    expect(searched.json().results.map((schema: { name: string }) => schema.name)).toEqual([
      'Charlie 50%',
    ])
    const light = await own.get('client/task-schemas/', {
      query: { base: 'true', ordering: '-name' },
    })
    expect(light.json()).toEqual([
      { id: expect.any(Number), name: 'Charlie 50%', version: 1 },
      { id: expect.any(Number), name: 'Bravo', version: 1 },
      { id: expect.any(Number), name: 'alpha', version: 1 },
    ])
  })

  it('shows a client only its groups, and staff every group', async () => {
    const { client: a, group: groupA } = await clientOfNewGroup(t)
    const { client: b, group: groupB } = await clientOfNewGroup(t)
    const schemaA = await createSchema(a, groupA.id, 'Of A')
    const schemaB = await createSchema(b, groupB.id, 'Of B')

    const idsSeenBy = async (who: SignedInClient, query: Record<string, string> = {}) =>
      (await who.get('client/task-schemas/', { query: { limit: '1000', ...query } }))
        .json()
        .results.map((schema: { id: number }) => schema.id)
    expect(await idsSeenBy(a)).toEqual([schemaA.id])
    expect(await idsSeenBy(a, { client_group__id: String(groupB.id) })).toEqual([])
    const staff = await signIn(t, { roles: ['staff'] })
    expect(await idsSeenBy(staff)).toEqual(expect.arrayContaining([schemaA.id, schemaB.id]))
    expect(await idsSeenBy(staff, { client_group__id: String(groupB.id) })).toEqual([schemaB.id])
  })

  it('answers 400 for a bad query', async () => {
    const response = await client.get('client/task-schemas/', { query: { ordering: 'colour' } })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(['ordering'])
  })
})

describe('GET, PATCH and DELETE /api/client/task-schemas/{id}/', () => {
  it('answers 404 for another client group ids, on every call', async () => {
    const { client: stranger } = await clientOfNewGroup(t)
    const schema = await createSchema(client, group.id, 'Private')
    await expectHiddenVersion(stranger, 'client/task-schemas/', schema.id, { name: 'Mine now' })
    expect((await client.get(`client/task-schemas/${schema.id}/`)).json().name).toBe('Private')
    expect((await client.get('client/task-schemas/999999/')).statusCode).toBe(404)
  })

  it('edits a schema no task uses in place', async () => {
    const schema = await createSchema(client, group.id, 'Unused')
    const taskType = await insertTaskType(t.db, group.id, { schemaId: schema.id })
    const response = await client.patch(`client/task-schemas/${schema.id}/`, {
      name: 'Unused, renamed',
      schema: schemaDocument('Words'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: schema.id,
      version: 1,
      name: 'Unused, renamed',
      next_version: null,
      task_types: [{ id: taskType.id, name: taskType.name }],
    })
    expect(response.json().schema.annotation_schema.transcript.widget.config.label).toBe('Words')
  })

  it('makes the next version when tasks use the schema; the tasks keep the old one', async () => {
    const v1 = await createSchema(client, group.id, 'Pinned')
    const taskType = await insertTaskType(t.db, group.id, { schemaId: v1.id })
    const task = await insertTask(t.db, taskType, languages, { description: 'Batch 1' })

    const v1Seen = (await client.get(`client/task-schemas/${v1.id}/`)).json()
    expect(v1Seen.task_types).toEqual([{ id: taskType.id, name: taskType.name }])
    expect(v1Seen.tasks).toEqual([{ id: task.id, description: 'Batch 1' }])

    const edited = await client.patch(`client/task-schemas/${v1.id}/`, {
      schema: schemaDocument('Words'),
    })
    expect(edited.statusCode).toBe(200)
    const v2 = edited.json()
    expect(v2.id).not.toBe(v1.id)
    expect(v2).toMatchObject({
      name: 'Pinned',
      version: 2,
      next_version: null,
      task_types: [{ id: taskType.id, name: taskType.name }],
      tasks: [],
    })

    const [oldRow] = await t.db.select().from(taskSchemas).where(eq(taskSchemas.id, v1.id))
    expect(oldRow?.nextVersionId).toBe(v2.id)
    expect(oldRow?.schema.annotation_schema.transcript?.widget.config.label).toBe('Transcript')
    const [taskRow] = await t.db.select().from(tasks).where(eq(tasks.id, task.id))
    expect(taskRow?.schemaId).toBe(v1.id)
    const [typeRow] = await t.db.select().from(taskTypes).where(eq(taskTypes.id, taskType.id))
    expect(typeRow?.schemaId).toBe(v2.id)

    // The old version: no task type any more, still its task; latest leads to the new one.
    const old = (await client.get(`client/task-schemas/${v1.id}/`)).json()
    expect(old).toMatchObject({ next_version: v2.id, task_types: [], tasks: [{ id: task.id }] })
    const latest = await client.get(`client/task-schemas/${v1.id}/`, { query: { latest: 'true' } })
    expect(latest.json().id).toBe(v2.id)
    const base = await client.get(`client/task-schemas/${v1.id}/`, { query: { base: 'true' } })
    expect(base.json()).toEqual({ id: v1.id, name: 'Pinned', version: 1 })

    // Lists show the newest version only.
    const listed = (
      await client.get('client/task-schemas/', { query: { search: 'Pinned' } })
    ).json()
    expect(listed.results.map((schema: { id: number }) => schema.id)).toEqual([v2.id])

    // A name-only edit of the used new version stays in place.
    await insertTask(t.db, { ...taskType, schemaId: v2.id }, languages)
    const renamed = (
      await client.patch(`client/task-schemas/${v2.id}/`, { name: 'Pinned (v2)' })
    ).json()
    expect(renamed).toMatchObject({ id: v2.id, version: 2, name: 'Pinned (v2)' })

    const v3 = (
      await client.patch(`client/task-schemas/${v2.id}/`, { schema: schemaDocument('Text') })
    ).json()
    expect(v3.version).toBe(3)
    const previous = await client.get(`client/task-schemas/${v3.id}/previous-versions/`)
    expect(previous.statusCode).toBe(200)
    expect(
      previous.json().map((schema: { id: number; version: number }) => [schema.id, schema.version]),
    ).toEqual([
      [v2.id, 2],
      [v1.id, 1],
    ])
    expect((await client.get(`client/task-schemas/${v1.id}/previous-versions/`)).json()).toEqual([])

    // Only the newest version can be edited.
    const stale = await client.patch(`client/task-schemas/${v1.id}/`, { name: 'Too late' })
    expect(stale.statusCode).toBe(409)
  })

  it('lets one of two simultaneous edits of a used version make the next version', async () => {
    const v1 = await createSchema(client, group.id, 'Raced')
    const taskType = await insertTaskType(t.db, group.id, { schemaId: v1.id })
    await insertTask(t.db, taskType, languages)
    const answers = await Promise.all(
      ['First', 'Second'].map((label) =>
        client.patch(`client/task-schemas/${v1.id}/`, { schema: schemaDocument(label) }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const [original] = await t.db.select().from(taskSchemas).where(eq(taskSchemas.id, v1.id))
    const versions = await t.db
      .select({ version: taskSchemas.version })
      .from(taskSchemas)
      .where(eq(taskSchemas.lineageId, original!.lineageId))
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2])
  })

  it('answers 400 naming the field for an invalid patch', async () => {
    const schema = await createSchema(client, group.id, 'To break')
    const response = await client.patch(`client/task-schemas/${schema.id}/`, {
      name: '  ',
      schema: { ...schemaDocument(), annotation_schema: {} },
    })
    expect(response.statusCode).toBe(400)
    // The validator now names a field that no longer exists: said too, in the same answer.
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'name',
      'schema.annotation_schema',
      'schema.validators.0.field',
    ])
  })

  it('deletes an unused schema, and refuses one a task type or task uses', async () => {
    const unused = await createSchema(client, group.id, 'Disposable')
    expect((await client.delete(`client/task-schemas/${unused.id}/`)).statusCode).toBe(204)
    expect((await client.get(`client/task-schemas/${unused.id}/`)).statusCode).toBe(404)

    const used = await createSchema(client, group.id, 'Kept')
    const taskType = await insertTaskType(t.db, group.id, { schemaId: used.id })
    const refused = await client.delete(`client/task-schemas/${used.id}/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'conflict',
      detail:
        'This schema is used by 1 task type(s) and 0 task(s); it can be deleted only when nothing uses it.',
    })
    await insertTask(t.db, taskType, languages)
    await t.db
      .update(taskTypes)
      .set({ schemaId: (await createSchema(client, group.id)).id })
      .where(eq(taskTypes.id, taskType.id))
    const stillUsed = await client.delete(`client/task-schemas/${used.id}/`)
    expect(stillUsed.statusCode).toBe(409)
    expect(stillUsed.json().detail).toMatch(/0 task type\(s\) and 1 task\(s\)/)
  })
})
