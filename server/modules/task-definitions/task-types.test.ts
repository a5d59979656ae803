import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TASK_TYPE_DEFAULTS } from '../../../contract/client-definitions'
import {
  clientGroupMembers,
  endworkerGroupMembers,
  endworkerGroups,
  limiters,
  projects,
} from '../../db/schema'
import { seedClientGroup } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import {
  clientOfNewGroup,
  insertLanguage,
  insertProtocol,
  insertSchema,
  insertTask,
} from './test-fixtures'

let t: TestApp
let client: SignedInClient
let group: { id: number; name: string; fullName: string }
let schema: { id: number; name: string }
let protocol: { id: number; name: string }
let languages: { base: number; target: number }

beforeAll(async () => {
  t = await createTestApp()
  ;({ client, group } = await clientOfNewGroup(t))
  schema = await insertSchema(t.db, group.id, 'Schema A')
  protocol = await insertProtocol(t.db, group.id, 'Protocol A')
  languages = {
    base: (await insertLanguage(t.db, 'pl', 'Polish')).id,
    target: (await insertLanguage(t.db, 'en', 'English')).id,
  }
})
afterAll(() => t.close())

async function create(body: Record<string, unknown> = {}, by = client) {
  const response = await by.post('client/task-types/', {
    name: 'Transcribe',
    client_group: group.id,
    schema: schema.id,
    protocol: protocol.id,
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function addToClientGroup(userId: number) {
  await t.db.insert(clientGroupMembers).values({ groupId: group.id, userId })
}

/** The one field a 400 names. */
async function failingField(body: Record<string, unknown>) {
  const response = await client.post('client/task-types/', {
    name: 'Invalid',
    client_group: group.id,
    schema: schema.id,
    protocol: protocol.id,
    ...body,
  })
  expect(response.statusCode, JSON.stringify(body)).toBe(400)
  return Object.keys(response.json().fields)
}

describe('POST /api/client/task-types/', () => {
  it('creates a CREATED type with the documented defaults', async () => {
    const taskType = await create()
    expect(taskType).toEqual({
      id: expect.any(Number),
      name: 'Transcribe',
      status: 'CREATED',
      ...TASK_TYPE_DEFAULTS,
      schema: { id: schema.id, name: 'Schema A', version: 1 },
      protocol: { id: protocol.id, name: 'Protocol A', version: 1 },
      client_group: { id: group.id, name: group.name, full_name: group.fullName },
      removable: true,
      active_tasks: 0,
      archived_tasks: 0,
      author: { id: client.user.id, username: client.user.username },
      created_timestamp: expect.any(String),
    })
  })

  it('protects audio by default on a confidential instance, and as asked on either', async () => {
    const confidential = await createTestApp({ publicInstance: false })
    try {
      const { client: owner, group: ownGroup } = await clientOfNewGroup(confidential)
      const definitions = {
        client_group: ownGroup.id,
        schema: (await insertSchema(confidential.db, ownGroup.id, 'Schema C')).id,
        protocol: (await insertProtocol(confidential.db, ownGroup.id, 'Protocol C')).id,
      }
      const made = async (body: Record<string, unknown>) => {
        const response = await owner.post('client/task-types/', { name: 'Secret', ...body })
        expect(response.statusCode, response.body).toBe(201)
        return response.json().encrypt_audio
      }
      expect(await made(definitions)).toBe(true)
      expect(await made({ ...definitions, encrypt_audio: false })).toBe(false)
    } finally {
      await confidential.close()
    }
    expect((await create()).encrypt_audio).toBe(false)
    expect((await create({ encrypt_audio: true })).encrypt_audio).toBe(true)
    expect(await failingField({ encrypt_audio: 'yes' })).toEqual(['encrypt_audio'])
  })

  it('stores every setting and link', async () => {
    const [limiter] = await t.db.insert(limiters).values({ name: 'per-day' }).returning()
    const [taskGroup] = await t.db
      .insert(endworkerGroups)
      .values({ name: 'Polish team' })
      .returning()
    const [first, second] = await t.db
      .insert(projects)
      .values([{ name: 'Alpha project' }, { name: 'Beta project' }])
      .returning()
    const worker = await createUser(t.db, { username: 'white_worker' })
    const banned = await createUser(t.db, { username: 'black_worker' })
    const deputy = await createUser(t.db, { username: 'deputy_client' })
    // Members of a task group the same write adds are within the client's reach.
    await t.db
      .insert(endworkerGroupMembers)
      .values(
        [worker, banned, deputy].map((member) => ({ groupId: taskGroup!.id, userId: member.id })),
      )
    const settings = {
      is_fixed_sets: true,
      items_per_set: 25,
      annotations_per_item: 3,
      max_items_per_user_percent: 40,
      review_enabled: true,
      review_probability: 0.25,
      review_newcomers_bound: 50,
      download_enabled: true,
      encrypt_audio: true,
      archivation_timeout: 30,
      delete_archived: true,
      default_metadata: { batch: 'spring', source: 'radio' },
      custom_itemset_lock_time: 90,
      custom_timelogs_merge_threshold: 120,
    }
    const taskType = await create({
      ...settings,
      limiters: [limiter!.id],
      whitelist: [worker.id, worker.id],
      blacklist: [banned.id],
      deputy: [deputy.id],
      task_groups: [taskGroup!.id],
      projects: [second!.id, first!.id],
      default_project: second!.id,
    })
    expect(taskType).toMatchObject({
      ...settings,
      limiters: [{ id: limiter!.id, name: 'per-day' }],
      whitelist: [{ id: worker.id, username: 'white_worker' }],
      blacklist: [{ id: banned.id, username: 'black_worker' }],
      deputy: [{ id: deputy.id, username: 'deputy_client' }],
      task_groups: [{ id: expect.any(Number), group: { id: taskGroup!.id, name: 'Polish team' } }],
      projects: [
        { id: first!.id, name: 'Alpha project' },
        { id: second!.id, name: 'Beta project' },
      ],
      default_project: { id: second!.id, name: 'Beta project' },
    })
    expect((await client.get(`client/task-types/${taskType.id}/`)).json()).toEqual(taskType)
  })

  it('names the field of each invalid value', async () => {
    expect(await failingField({ items_per_set: 0 })).toEqual(['items_per_set'])
    expect(await failingField({ annotations_per_item: 1.5 })).toEqual(['annotations_per_item'])
    expect(await failingField({ max_items_per_user_percent: 101 })).toEqual([
      'max_items_per_user_percent',
    ])
    expect(await failingField({ review_probability: 1.01 })).toEqual(['review_probability'])
    expect(await failingField({ archivation_timeout: -1 })).toEqual(['archivation_timeout'])
    expect(await failingField({ custom_itemset_lock_time: 0 })).toEqual([
      'custom_itemset_lock_time',
    ])
    expect(await failingField({ custom_timelogs_merge_threshold: 86_401 })).toEqual([
      'custom_timelogs_merge_threshold',
    ])
    expect(await failingField({ default_metadata: { key: 3 } })).toEqual(['default_metadata.key'])
    expect(await failingField({ name: '' })).toEqual(['name'])
  })

  it('stores the quality control settings, refuses them out of bounds and turns them off', async () => {
    const quality = {
      gold_share: 20,
      gold_text_max_cer: 0.05,
      gold_window: 30,
      min_gold_accuracy: 0.8,
      min_gold_answers: 5,
      min_seconds_per_item: 2.5,
    }
    const taskType = await create(quality)
    expect(taskType).toMatchObject(quality)
    expect((await client.get(`client/task-types/${taskType.id}/`)).json()).toMatchObject(quality)

    for (const [field, value] of [
      ['gold_share', 51],
      ['gold_share', -1],
      ['gold_share', 12.5],
      ['gold_text_max_cer', 1.5],
      ['gold_window', 0],
      ['min_gold_accuracy', -0.1],
      ['min_gold_accuracy', 1.1],
      ['min_gold_answers', 0],
      ['min_seconds_per_item', 0],
      ['min_seconds_per_item', 86_401],
    ] as const) {
      expect(await failingField({ [field]: value })).toEqual([field])
      const patched = await client.patch(`client/task-types/${taskType.id}/`, { [field]: value })
      expect(patched.statusCode).toBe(400)
      expect(Object.keys(patched.json().fields)).toEqual([field])
    }

    const off = await client.patch(`client/task-types/${taskType.id}/`, {
      gold_share: 0,
      min_gold_accuracy: null,
      min_seconds_per_item: null,
    })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({
      ...quality,
      gold_share: 0,
      min_gold_accuracy: null,
      min_seconds_per_item: null,
    })
  })

  it('names the field of an id that does not exist or is not usable', async () => {
    const other = await seedClientGroup(t.db)
    const foreignSchema = await insertSchema(t.db, other.id)
    const foreignProtocol = await insertProtocol(t.db, other.id)
    const user = await createUser(t.db)
    await addToClientGroup(user.id)
    const [notTaskGroup] = await t.db
      .insert(endworkerGroups)
      .values({ name: 'Reviewers only', taskGroup: false, reviewGroup: true })
      .returning()
    const [project] = await t.db.insert(projects).values({ name: 'Gamma project' }).returning()

    expect(await failingField({ client_group: other.id })).toEqual(['client_group'])
    expect(await failingField({ schema: 999_999 })).toEqual(['schema'])
    expect(await failingField({ schema: foreignSchema.id })).toEqual(['schema'])
    expect(await failingField({ protocol: foreignProtocol.id })).toEqual(['protocol'])
    expect(await failingField({ limiters: [999_999] })).toEqual(['limiters'])
    expect(await failingField({ deputy: [999_999] })).toEqual(['deputy'])
    expect(await failingField({ task_groups: [notTaskGroup!.id] })).toEqual(['task_groups'])
    expect(await failingField({ projects: [999_999] })).toEqual(['projects'])
    expect(await failingField({ whitelist: [user.id], blacklist: [user.id] })).toEqual([
      'blacklist',
    ])
    expect(await failingField({ default_project: project!.id })).toEqual(['default_project'])
  })

  it('lets a client list only users within reach of their client groups; staff anyone', async () => {
    const stranger = await createUser(t.db)
    const member = await createUser(t.db)
    await addToClientGroup(member.id)

    for (const list of ['whitelist', 'blacklist', 'deputy']) {
      const refused = await client.post('client/task-types/', {
        name: 'Out of reach',
        client_group: group.id,
        schema: schema.id,
        protocol: protocol.id,
        [list]: [member.id, stranger.id],
      })
      expect(refused.statusCode).toBe(400)
      // Answered as missing: an id must not tell whether somebody has an account.
      expect(refused.json().fields).toEqual({
        [list]: [`There is no user with id ${stranger.id}.`],
      })
    }
    const mine = await create({ whitelist: [member.id] })
    expect(mine.whitelist).toEqual([{ id: member.id, username: member.username }])

    const staff = await signIn(t, { roles: ['staff'] })
    const byStaff = await create({ deputy: [stranger.id] }, staff)
    expect(byStaff.deputy).toEqual([{ id: stranger.id, username: stranger.username }])
    // Once listed on one of the group's types, the user is within the client's reach.
    expect((await create({ blacklist: [stranger.id] })).blacklist).toEqual([
      { id: stranger.id, username: stranger.username },
    ])
  })

  it('refuses a replaced schema version', async () => {
    const { client: own, group: ownGroup } = await clientOfNewGroup(t)
    const created = await own.post('client/task-schemas/', {
      name: 'Versioned',
      client_group: ownGroup.id,
      schema: (await insertSchema(t.db, ownGroup.id)).schema,
    })
    const ownProtocol = await insertProtocol(t.db, ownGroup.id)
    const typeBody = { name: 'T', client_group: ownGroup.id, protocol: ownProtocol.id }
    const first = (
      await own.post('client/task-types/', { ...typeBody, schema: created.json().id })
    ).json()
    await insertTask(
      t.db,
      { id: first.id, schemaId: first.schema.id, protocolId: ownProtocol.id },
      languages,
    )
    const next = await own.patch(`client/task-schemas/${created.json().id}/`, {
      schema: { ...created.json().schema, validators: [] },
    })
    expect(next.json().version).toBe(2)
    const refused = await own.post('client/task-types/', { ...typeBody, schema: created.json().id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.schema).toEqual([
      'Version 1 of this schema has been replaced; use its newest version.',
    ])
  })
})

describe('GET /api/client/task-types/', () => {
  it('lists the client group types, filtered, ordered and paged', async () => {
    const { client: own, group: ownGroup } = await clientOfNewGroup(t)
    const ownSchema = await insertSchema(t.db, ownGroup.id)
    const otherSchema = await insertSchema(t.db, ownGroup.id)
    const ownProtocol = await insertProtocol(t.db, ownGroup.id)
    const body = { client_group: ownGroup.id, protocol: ownProtocol.id }
    for (const [name, schemaId] of [
      ['Delta', ownSchema.id],
      ['echo', otherSchema.id],
      ['Foxtrot', ownSchema.id],
    ] as const) {
      expect(
        (await own.post('client/task-types/', { ...body, name, schema: schemaId })).statusCode,
      ).toBe(201)
    }
    const names = async (query: Record<string, string>) =>
      (await own.get('client/task-types/', { query }))
        .json()
        .results.map((type: { name: string }) => type.name)
    expect(await names({ ordering: 'name' })).toEqual(['Delta', 'echo', 'Foxtrot'])
    expect(await names({ ordering: '-name', limit: '2' })).toEqual(['Foxtrot', 'echo'])
    expect(await names({ schema: String(ownSchema.id), ordering: 'name' })).toEqual([
      'Delta',
      'Foxtrot',
    ])
    expect(await names({ protocol: String(ownProtocol.id), search: 'ECH' })).toEqual(['echo'])
    expect(await names({ status: 'ACTIVE' })).toEqual([])
    const page = (
      await own.get('client/task-types/', { query: { limit: '1', offset: '1' } })
    ).json()
    expect(page).toMatchObject({ count: 3, next: expect.stringContaining('offset=2') })
    expect(page.previous).toContain('offset=0')

    // Another client sees none of them; staff sees them all.
    const { client: stranger } = await clientOfNewGroup(t)
    expect((await stranger.get('client/task-types/')).json().count).toBe(0)
    const staff = await signIn(t, { roles: ['staff'] })
    const staffPage = await staff.get('client/task-types/', {
      query: { client_group__id: String(ownGroup.id) },
    })
    expect(staffPage.json().count).toBe(3)
  })

  it('refuses users without the client permission', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('client/task-types/')).statusCode).toBe(403)
  })
})

describe('GET, PATCH and DELETE /api/client/task-types/{id}/', () => {
  it('answers 404 to another client for every call', async () => {
    const taskType = await create()
    const { client: stranger } = await clientOfNewGroup(t)
    for (const response of [
      await stranger.get(`client/task-types/${taskType.id}/`),
      await stranger.patch(`client/task-types/${taskType.id}/`, { name: 'Mine' }),
      await stranger.delete(`client/task-types/${taskType.id}/`),
      await stranger.get(`client/task-types/${taskType.id}/base-languages/`),
      await stranger.get(`client/task-types/${taskType.id}/language-stats/`),
      await stranger.get(`client/task-types/${taskType.id}/endworker-stats/`),
    ]) {
      expect(response.statusCode).toBe(404)
    }
  })

  it('activates a CREATED type in one step, moves between DRAFT and ACTIVE, never back to CREATED', async () => {
    const setStatus = (id: number, status: string) =>
      client.patch(`client/task-types/${id}/`, { status })
    const activated = await create()
    expect((await setStatus(activated.id, 'ACTIVE')).json().status).toBe('ACTIVE')
    expect((await setStatus(activated.id, 'ACTIVE')).json().status).toBe('ACTIVE')
    expect((await setStatus(activated.id, 'DRAFT')).json().status).toBe('DRAFT')
    const refused = await setStatus(activated.id, 'CREATED')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({
      status: ['A DRAFT task type can only become ACTIVE.'],
    })

    const tried = await create()
    expect((await setStatus(tried.id, 'DRAFT')).json().status).toBe('DRAFT')
    expect((await setStatus(tried.id, 'ACTIVE')).json().status).toBe('ACTIVE')
  })

  it('changes only what the patch names and checks it against the rest', async () => {
    const [taskGroup, secondGroup] = await t.db
      .insert(endworkerGroups)
      .values([{ name: 'Group one' }, { name: 'Group two' }])
      .returning()
    const banned = await createUser(t.db)
    await addToClientGroup(banned.id)
    const taskType = await create({
      items_per_set: 5,
      blacklist: [banned.id],
      task_groups: [taskGroup!.id],
    })
    const linkId = taskType.task_groups[0].id

    const patched = await client.patch(`client/task-types/${taskType.id}/`, {
      name: 'Renamed',
      review_probability: 0.5,
      task_groups: [taskGroup!.id, secondGroup!.id],
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      name: 'Renamed',
      items_per_set: 5,
      review_probability: 0.5,
      blacklist: [{ id: banned.id }],
      task_groups: [
        { id: linkId, group: { id: taskGroup!.id } },
        { id: expect.any(Number), group: { id: secondGroup!.id } },
      ],
    })

    const conflicting = await client.patch(`client/task-types/${taskType.id}/`, {
      whitelist: [banned.id],
    })
    expect(conflicting.statusCode).toBe(400)
    expect(Object.keys(conflicting.json().fields)).toEqual(['blacklist'])
    const cleared = await client.patch(`client/task-types/${taskType.id}/`, {
      blacklist: [],
      whitelist: [banned.id],
      archivation_timeout: null,
    })
    expect(cleared.json()).toMatchObject({ blacklist: [], whitelist: [{ id: banned.id }] })
    expect(
      (await client.patch(`client/task-types/${taskType.id}/`, { items_per_set: 0 })).statusCode,
    ).toBe(400)
  })

  it('counts tasks, and deletes only a type without any', async () => {
    const taskType = await create()
    const refs = { id: taskType.id, schemaId: schema.id, protocolId: protocol.id }
    const empty = await create({ name: 'Empty' })
    await insertTask(t.db, refs, languages)
    await insertTask(t.db, refs, languages, { status: 'FINISHED' })
    await insertTask(t.db, refs, languages, { status: 'ARCHIVED' })

    const seen = (await client.get(`client/task-types/${taskType.id}/`)).json()
    expect(seen).toMatchObject({ removable: false, active_tasks: 2, archived_tasks: 1 })
    const refused = await client.delete(`client/task-types/${taskType.id}/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(
      'This task type has 3 tasks; it can be deleted only when it has none.',
    )
    expect((await client.delete(`client/task-types/${empty.id}/`)).statusCode).toBe(204)
    expect((await client.get(`client/task-types/${empty.id}/`)).statusCode).toBe(404)
  })
})
