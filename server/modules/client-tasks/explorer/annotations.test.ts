import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExplorerAnnotation } from '../../../../contract/client-tasks'
import { createTestApp, type TestApp } from '../../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../../test/session-client'
import { seedTask, seedWorkspace } from '../test-fixtures'

describe('GET /client/tasks/{id}/annotations/', () => {
  let t: TestApp
  let client: SignedInClient
  let taskId: number
  let itemIds: number[]
  let ids: number[][]
  let ann: { id: number; username: string }
  let bob: { id: number; username: string }

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'] })
    ann = await createUser(t.db, { username: 'explorer-ann', roles: ['endworker'] })
    bob = await createUser(t.db, { username: 'explorer-bob', roles: ['endworker'] })
    const own = await seedWorkspace(t.db, [client.user.id])
    const at = (day: number) => new Date(Date.UTC(2030, 0, day))
    const seeded = await seedTask(t.db, own, {
      items: [
        {
          data: { prompt: 'first' },
          annotations: [
            {
              userId: ann.id,
              isDone: true,
              data: { transcript: 'Hello World' },
              createdAt: at(1),
              modifiedAt: at(5),
            },
            {
              userId: bob.id,
              data: { transcript: 'hello' },
              errors: { transcript: ['Too short.'] },
              warnings: { transcript: ['Check case.'] },
              createdAt: at(2),
              modifiedAt: at(2),
            },
          ],
        },
        {
          data: { prompt: 'second' },
          annotations: [
            {
              userId: ann.id,
              isValidating: true,
              data: { transcript: 'transcript' },
              info: { transcript: ['Queued.'] },
              createdAt: at(3),
              modifiedAt: at(3),
            },
          ],
        },
      ],
    })
    taskId = seeded.task.id
    itemIds = seeded.itemIds
    ids = seeded.annotationIds
    // Another task's annotation must never show up.
    await seedTask(t.db, own, { items: [{ annotations: [{ userId: ann.id }] }] })
  })
  afterAll(() => t.close())

  const explore = async (query: Record<string, string> = {}) => {
    const response = await client.get(`client/tasks/${taskId}/annotations/`, { query })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { count: number; next: string | null; results: ExplorerAnnotation[] }
  }
  const found = async (query: Record<string, string>) =>
    (await explore(query)).results.map((annotation) => annotation.id)

  it('lists the task’s annotations with their items and authors', async () => {
    const page = await explore()
    expect(page.count).toBe(3)
    expect(page.results[0]).toEqual({
      id: ids[0]![0],
      item_id: itemIds[0],
      item_data: { prompt: 'first' },
      item_gold: null,
      data: { transcript: 'Hello World' },
      is_done: true,
      is_validating: false,
      errors: {},
      warnings: {},
      info: {},
      user: { id: ann.id, username: 'explorer-ann' },
      created: '2030-01-01T00:00:00.000Z',
      modified: '2030-01-05T00:00:00.000Z',
    })
    expect(page.results[1]).toMatchObject({
      errors: { transcript: ['Too short.'] },
      warnings: { transcript: ['Check case.'] },
    })
    expect(page.results[2]).toMatchObject({
      is_validating: true,
      info: { transcript: ['Queued.'] },
    })
  })

  it('filters by user, done, errors, created bounds and value text', async () => {
    const [a1, b1] = ids[0]!
    const [a2] = ids[1]!
    expect(await found({ user: String(ann.id) })).toEqual([a1, a2])
    expect(await found({ is_done: 'true' })).toEqual([a1])
    expect(await found({ is_done: 'false' })).toEqual([b1, a2])
    expect(await found({ has_errors: 'true' })).toEqual([b1])
    expect(await found({ has_errors: 'false' })).toEqual([a1, a2])
    expect(await found({ created_after: '2030-01-02' })).toEqual([b1, a2])
    expect(await found({ created_before: '2030-01-02T00:00:00Z' })).toEqual([a1, b1])
    expect(await found({ search: 'HELLO' })).toEqual([a1, b1])
    // Field names are not searched.
    expect(await found({ search: 'transcript' })).toEqual([a2])
    expect(
      (await client.get(`client/tasks/${taskId}/annotations/`, { query: { is_done: 'yes' } }))
        .statusCode,
    ).toBe(400)
  })

  it('orders and pages', async () => {
    const [a1, b1] = ids[0]!
    const [a2] = ids[1]!
    expect(await found({ ordering: '-id' })).toEqual([a2, b1, a1])
    expect(await found({ ordering: '-modified' })).toEqual([a1, a2, b1])
    expect(await found({ ordering: 'user' })).toEqual([a1, a2, b1])
    const first = await explore({ limit: '2' })
    expect(first.results.map((annotation) => annotation.id)).toEqual([a1, b1])
    expect(new URL(first.next!).searchParams.get('offset')).toBe('2')
    expect(await found({ limit: '2', offset: '2' })).toEqual([a2])
  })
})
