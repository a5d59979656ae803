import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../../../contract/client-tasks'
import { projects } from '../../../db/schema'
import { createTestApp, type TestApp } from '../../../test/harness'
import { type SignedInClient, signIn } from '../../../test/session-client'
import { schemaDocument } from '../../task-definitions/test-fixtures'
import { type Definitions, seedDefinitions, seedTask, seedWorkspace } from '../test-fixtures'

const DAY = 24 * 60 * 60 * 1000

describe('client tasks list', () => {
  let t: TestApp
  let client: SignedInClient
  let own: Definitions
  let otherType: Definitions
  let foreign: Definitions
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'] })
    const annotator = await signIn(t, { roles: ['endworker'] })
    // Names without digits, so a search for a task id matches the id only.
    own = await seedWorkspace(t.db, [client.user.id], { annotationsPerItem: 2, name: 'Reading' })
    otherType = await seedDefinitions(t.db, own.clientGroupId, { name: 'Archive review' })
    foreign = await seedWorkspace(t.db)
    const [project] = await t.db.insert(projects).values({ name: 'Alpha' }).returning()
    const done = (text: string) => ({
      userId: annotator.user.id,
      isDone: true,
      data: { transcript: text },
    })

    ids.created = (
      await seedTask(t.db, own, {
        description: 'Birds of Poland',
        createdAt: new Date(Date.now() - 3 * DAY),
        metadata: { batch: '1', lang: 'pl' },
        projectId: project!.id,
        items: [{}, {}],
      })
    ).task.id
    ids.running = (
      await seedTask(t.db, own, {
        description: 'Street noise half_%done',
        status: 'IN_PROGRESS',
        createdAt: new Date(Date.now() - 2 * DAY),
        deadline: new Date(Date.now() + 10 * DAY),
        metadata: { batch: '2', lang: 'pl' },
        items: [
          { annotations: [done('a'), { ...done('b'), userId: client.user.id }] },
          { annotations: [done('c')] },
          {
            annotations: [
              {
                userId: annotator.user.id,
                isDone: false,
                errors: { transcript: ['Too short.'] },
              },
            ],
          },
          {},
        ],
      })
    ).task.id
    ids.archived = (
      await seedTask(t.db, otherType, {
        description: 'Old archive',
        status: 'ARCHIVED',
        createdAt: new Date(Date.now() - 1 * DAY),
        metadata: { batch: '1', lang: 'en' },
        items: [{ annotations: [done('x')] }],
      })
    ).task.id
    ids.foreign = (await seedTask(t.db, foreign, { description: 'Birds of a rival' })).task.id
  })
  afterAll(() => t.close())

  const list = async (query: Record<string, string> = {}, as = client) => {
    const response = await as.get('client/tasks/', { query })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as {
      count: number
      next: string | null
      previous: string | null
      results: Task[]
    }
  }
  const listIds = async (query: Record<string, string> = {}) =>
    (await list(query)).results.map((task) => task.id)

  it('answers the Task entity with counters computed from items and annotations', async () => {
    const page = await list({ ordering: 'id' })
    expect(page.count).toBe(3)
    const running = page.results.find((task) => task.id === ids.running)!
    expect(running).toMatchObject({
      description: 'Street noise half_%done',
      status: 'IN_PROGRESS',
      author: null,
      task_type: {
        id: own.taskTypeId,
        annotations_per_item: 2,
        client_group: { id: own.clientGroupId },
      },
      base_language: { code: 'en', name: 'English' },
      target_language: { code: 'pl' },
      schema: { id: own.schemaId, version: 1 },
      protocol: { id: own.protocolId, version: 1 },
      metadata: { batch: '2', lang: 'pl' },
      // Item 1 has its two done annotations; item 2 one of two; item 3 a failed one; item 4 none.
      items: { total: 4, done: 1, left: 3 },
      annotations: { total: 8, done: 3, left: 5 },
      failed: { total: 1, done: 0, left: 1 },
      progress: 37.5,
      latest_dump: null,
    })
    expect(running.last_activity).not.toBeNull()
    expect(running.last_stats_recalculation).not.toBeNull()
    const created = page.results.find((task) => task.id === ids.created)!
    expect(created.project).toMatchObject({ name: 'Alpha' })
    expect(created.items).toEqual({ total: 2, done: 0, left: 2 })
    expect(created.progress).toBe(0)
    expect(created.last_activity).toBeNull()
  })

  it('filters by client group, task type, schema and status or excluded status', async () => {
    expect(await listIds({ client_group: String(foreign.clientGroupId) })).toEqual([])
    expect(await listIds({ client_group: String(own.clientGroupId), ordering: 'id' })).toEqual([
      ids.created,
      ids.running,
      ids.archived,
    ])
    expect(await listIds({ task_type: String(otherType.taskTypeId) })).toEqual([ids.archived])
    expect(await listIds({ schema: String(own.schemaId), ordering: 'id' })).toEqual([
      ids.created,
      ids.running,
    ])
    expect(await listIds({ status: 'IN_PROGRESS,ARCHIVED', ordering: 'id' })).toEqual([
      ids.running,
      ids.archived,
    ])
    expect(await listIds({ excluded_status: 'ARCHIVED', ordering: 'id' })).toEqual([
      ids.created,
      ids.running,
    ])
  })

  it('refuses status and excluded_status together, and unknown statuses', async () => {
    const both = await client.get('client/tasks/', {
      query: { status: 'CREATED', excluded_status: 'ARCHIVED' },
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().detail).toContain('status and excluded_status')
    const unknown = await client.get('client/tasks/', { query: { status: 'DONE' } })
    expect(unknown.statusCode).toBe(400)
    expect(Object.keys(unknown.json().fields)).toEqual(['status.0'])
  })

  it('filters by the created time frame, metadata pairs and search', async () => {
    const since = new Date(Date.now() - 2.5 * DAY).toISOString()
    const until = new Date(Date.now() - 1.5 * DAY).toISOString()
    expect(await listIds({ timeframe_start: since, timeframe_end: until })).toEqual([ids.running])
    expect(await listIds({ timeframe_start: since, ordering: 'id' })).toEqual([
      ids.running,
      ids.archived,
    ])
    expect(await listIds({ metadata__batch: '1', ordering: 'id' })).toEqual([
      ids.created,
      ids.archived,
    ])
    expect(await listIds({ metadata__batch: '1', metadata__lang: 'pl' })).toEqual([ids.created])
    expect(await listIds({ metadata__batch: '3' })).toEqual([])
    const twice = await client.get('client/tasks/?metadata__batch=1&metadata__batch=2')
    expect(twice.statusCode).toBe(400)
    expect(await listIds({ search: 'BIRDS' })).toEqual([ids.created])
    expect(await listIds({ search: 'half_%' })).toEqual([ids.running])
    expect(await listIds({ search: String(ids.archived) })).toEqual([ids.archived])
    // The task type's name.
    expect(await listIds({ search: 'archive REVIEW' })).toEqual([ids.archived])
  })

  it('orders by each field, ascending and descending', async () => {
    expect(await listIds()).toEqual([ids.archived, ids.running, ids.created])
    expect(await listIds({ ordering: 'created' })).toEqual([ids.created, ids.running, ids.archived])
    expect(await listIds({ ordering: '-id' })).toEqual([ids.archived, ids.running, ids.created])
    expect(await listIds({ ordering: 'description' })).toEqual([
      ids.created,
      ids.archived,
      ids.running,
    ])
    expect(await listIds({ ordering: 'status' })).toEqual([ids.archived, ids.created, ids.running])
    // Archived: 1 of 1 annotations (100%); running 37.5%; created 0%.
    expect(await listIds({ ordering: '-progress' })).toEqual([
      ids.archived,
      ids.running,
      ids.created,
    ])
    expect(await listIds({ ordering: 'progress' })).toEqual([
      ids.created,
      ids.running,
      ids.archived,
    ])
    // Tasks without a deadline come last either way.
    expect((await listIds({ ordering: 'deadline' }))[0]).toBe(ids.running)
    expect((await listIds({ ordering: '-deadline' }))[0]).toBe(ids.running)
    const bad = await client.get('client/tasks/', { query: { ordering: 'author' } })
    expect(bad.statusCode).toBe(400)
  })

  it('pages with offset and limit, 10 by default, with next and previous links', async () => {
    const first = await list({ limit: '2', ordering: 'id', status: 'CREATED,IN_PROGRESS,ARCHIVED' })
    expect(first.results.map((task) => task.id)).toEqual([ids.created, ids.running])
    expect(first.previous).toBeNull()
    const next = new URL(first.next!)
    expect(next.pathname).toBe('/api/client/tasks/')
    expect(Object.fromEntries(next.searchParams)).toEqual({
      limit: '2',
      offset: '2',
      ordering: 'id',
      status: 'CREATED,IN_PROGRESS,ARCHIVED',
    })
    const second = await list(Object.fromEntries(next.searchParams))
    expect(second.results.map((task) => task.id)).toEqual([ids.archived])
    expect(second.next).toBeNull()
    expect(new URL(second.previous!).searchParams.get('offset')).toBe('0')

    const staff = await signIn(t, { roles: ['staff'] })
    for (let n = 0; n < 9; n++) await seedTask(t.db, foreign)
    const all = await list({}, staff)
    expect(all.count).toBe(13)
    expect(all.results).toHaveLength(10)
    const tooMany = await client.get('client/tasks/', { query: { limit: '101' } })
    expect(tooMany.statusCode).toBe(400)
  })

  it('counts with the same filters at /client/tasks/stats/', async () => {
    const count = async (query: Record<string, string>) => {
      const response = await client.get('client/tasks/stats/', { query })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().count
    }
    expect(await count({})).toBe(3)
    expect(await count({ excluded_status: 'ARCHIVED' })).toBe(2)
    expect(await count({ metadata__lang: 'pl' })).toBe(2)
    const both = await client.get('client/tasks/stats/', {
      query: { status: 'CREATED', excluded_status: 'ARCHIVED' },
    })
    expect(both.statusCode).toBe(400)
  })

  it('sums the client stats over the scope, optionally one client group', async () => {
    const response = await client.get('client/stats')
    expect(response.statusCode).toBe(200)
    // created: 2 items; running: 4 items, 1 done, 3 done annotations; archived: 1 item done.
    expect(response.json()).toMatchObject({ items_total: 7, items_done: 2, annotations_done: 4 })
    expect(response.json().last_modified).not.toBeNull()
    const foreignGroup = await client.get('client/stats/', {
      query: { client_group: String(foreign.clientGroupId) },
    })
    expect(foreignGroup.json()).toEqual({
      annotations_done: 0,
      items_done: 0,
      items_total: 0,
      last_modified: null,
    })
  })

  it('filters by schema across every version of its chain', async () => {
    const author = await signIn(t, { roles: ['client'] })
    const chain = await seedWorkspace(t.db, [author.user.id])
    const unrelated = await seedDefinitions(t.db, chain.clientGroupId)
    const onFirst = (await seedTask(t.db, chain)).task.id
    // A task uses version 1, so a content edit makes version 2.
    const edit = await author.patch(`client/task-schemas/${chain.schemaId}/`, {
      schema: schemaDocument(),
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const second = edit.json().id as number
    expect(second).not.toBe(chain.schemaId)
    const onSecond = (await seedTask(t.db, { ...chain, schemaId: second })).task.id
    const onUnrelated = (await seedTask(t.db, unrelated)).task.id

    const bySchema = async (schema: number) =>
      (await list({ schema: String(schema), ordering: 'id' }, author)).results.map(
        (task) => task.id,
      )
    expect(await bySchema(chain.schemaId)).toEqual([onFirst, onSecond])
    expect(await bySchema(second)).toEqual([onFirst, onSecond])
    expect(await bySchema(unrelated.schemaId)).toEqual([onUnrelated])
    expect(await bySchema(999_999)).toEqual([])
    // Another client's schema chain shows nothing, even by a version id.
    expect(await listIds({ schema: String(second) })).toEqual([])
  })

  it('keeps other clients’ tasks out and refuses end workers', async () => {
    const rival = await signIn(t, { roles: ['client'] })
    await seedWorkspace(t.db, [rival.user.id])
    expect((await list({}, rival)).count).toBe(0)
    expect((await rival.get('client/stats')).json().items_total).toBe(0)
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('client/tasks/')).statusCode).toBe(403)
    expect((await worker.get('client/tasks/stats/')).statusCode).toBe(403)
    expect((await worker.get('client/stats')).statusCode).toBe(403)
  })
})
