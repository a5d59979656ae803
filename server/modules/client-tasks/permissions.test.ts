import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { type ApiClient, type SignedInClient, signIn } from '../../test/session-client'
import { seedTask, seedWorkspace } from './test-fixtures'

type Call = [method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown]

/** Every call on one task, with a body that would be valid. */
const callsOn = (taskId: number, itemId: number): Call[] => [
  ['get', `client/tasks/${taskId}/`],
  ['patch', `client/tasks/${taskId}/`, { description: 'x' }],
  ['post', `client/tasks/${taskId}/clone/`],
  ['get', `client/tasks/${taskId}/stats/`],
  ['get', `client/tasks/${taskId}/quality/`],
  ['get', `client/tasks/${taskId}/annotations/`],
  ['get', `client/fake-tasks/${taskId}/`],
  ['get', `client/fake-tasks/${taskId}/media/${itemId}/${randomUUID()}/`],
  ['put', `client/tasks/${taskId}/items/${itemId}/gold/`, { expected: { transcript: 'x' } }],
  ['delete', `client/tasks/${taskId}/items/${itemId}/gold/`],
  ['post', `client/tasks/${taskId}/dump_async/`, {}],
  ['get', `client/tasks/${taskId}/dump_async/`],
  ['get', `client/tasks/${taskId}/dump_async/file/`],
  ['delete', `client/tasks/${taskId}/dump_async/`],
  ['delete', `client/tasks/${taskId}/`],
]

describe('client task permissions', () => {
  let t: MediaTestApp
  let owner: SignedInClient
  let taskId: number
  let itemId: number

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-permissions')
    owner = await signIn(t, { roles: ['client'] })
    const own = await seedWorkspace(t.db, [owner.user.id])
    const seeded = await seedTask(t.db, own, { downloadEnabled: true, items: [{}] })
    taskId = seeded.task.id
    itemId = seeded.itemIds[0]!
  })
  afterAll(() => t.close())

  const send = (as: ApiClient, [method, path, body]: Call) =>
    method === 'get' ? as.get(path) : as[method](path, body)

  it('answers 404 on every task call to a client of another group', async () => {
    const rival = await signIn(t, { roles: ['client'] })
    await seedWorkspace(t.db, [rival.user.id])
    for (const call of callsOn(taskId, itemId)) {
      const response = await send(rival, call)
      expect(response.statusCode, `${call[0]} ${call[1]}`).toBe(404)
    }
    // Nothing changed meanwhile.
    expect((await owner.get(`client/tasks/${taskId}/`)).json().description).not.toBe('x')
  })

  it('answers 403 on every call to an end worker', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    const calls: Call[] = [
      ...callsOn(taskId, itemId),
      ['get', 'client/tasks/'],
      ['get', 'client/tasks/stats/'],
      ['get', 'client/stats'],
      ['patch', 'client/tasks/bulk_update/', { ids: [taskId], data: {} }],
      ['delete', 'client/tasks/bulk_delete/', { ids: [taskId] }],
    ]
    for (const call of calls) {
      const response = await send(worker, call)
      expect(response.statusCode, `${call[0]} ${call[1]}`).toBe(403)
    }
  })

  it('lets staff see and act on every group’s tasks', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.get('client/tasks/')).json().count).toBe(1)
    expect((await staff.get(`client/tasks/${taskId}/stats/`)).statusCode).toBe(200)
    expect((await staff.get(`client/fake-tasks/${taskId}/`)).statusCode).toBe(200)
    expect((await staff.post(`client/tasks/${taskId}/dump_async/`, {})).statusCode).toBe(201)
    expect((await staff.delete(`client/tasks/${taskId}/`)).statusCode).toBe(204)
  })
})
