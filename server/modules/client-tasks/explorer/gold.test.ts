import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goldAnswers, items, tasks } from '../../../db/schema'
import { createTestApp, type TestApp } from '../../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../../test/session-client'
import { seedTask, seedWorkspace } from '../test-fixtures'

describe('PUT and DELETE /client/tasks/{id}/items/{item_id}/gold/', () => {
  let t: TestApp
  let client: SignedInClient
  let taskId: number
  let itemIds: number[]
  let otherTaskItem: number

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'] })
    const ann = await createUser(t.db, { username: 'gold-ann', roles: ['endworker'] })
    const own = await seedWorkspace(t.db, [client.user.id], { annotationsPerItem: 1 })
    const seeded = await seedTask(t.db, own, {
      items: [
        {
          data: { prompt: 'first' },
          annotations: [
            { userId: ann.id, isDone: true, data: { transcript: 'Hello', ok: 'true' } },
          ],
        },
        { data: { prompt: 'second' } },
        { data: { prompt: 'third' } },
      ],
    })
    taskId = seeded.task.id
    itemIds = seeded.itemIds
    otherTaskItem = (await seedTask(t.db, own, { items: [{}] })).itemIds[0]!
  })
  afterAll(() => t.close())

  const goldPath = (itemId: number, task = taskId) => `client/tasks/${task}/items/${itemId}/gold/`
  const counters = async () => {
    const task = (await client.get(`client/tasks/${taskId}/`)).json()
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskId))
    return { items: task.items, annotations: task.annotations, itemsTotal: row!.itemsTotal }
  }

  it('makes an item gold with a checked answer, shows it in the explorer, and back', async () => {
    expect(await counters()).toEqual({
      items: { total: 3, done: 1, left: 2 },
      annotations: { total: 3, done: 1, left: 2 },
      itemsTotal: 3,
    })
    const made = await client.put(goldPath(itemIds[0]!), {
      expected: { transcript: 'Hello', ok: true },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json()).toEqual({
      item_id: itemIds[0],
      expected: { transcript: 'Hello', ok: 'true' },
      set_by: { id: client.user.id, username: client.user.username },
      set_at: expect.any(String),
    })
    const [item] = await t.db.select().from(items).where(eq(items.id, itemIds[0]!))
    expect(item!.isGold).toBe(true)
    // The gold item and its done annotation leave the counters.
    expect(await counters()).toEqual({
      items: { total: 2, done: 0, left: 2 },
      annotations: { total: 2, done: 0, left: 2 },
      itemsTotal: 2,
    })
    const explorer = (await client.get(`client/tasks/${taskId}/annotations/`)).json()
    expect(explorer.results[0]).toMatchObject({
      item_id: itemIds[0],
      item_gold: { transcript: 'Hello', ok: 'true' },
    })

    // A new answer replaces the old one without counting the item out twice.
    const edited = await client.put(goldPath(itemIds[0]!), { expected: { transcript: 'Hi' } })
    expect(edited.json().expected).toEqual({ transcript: 'Hi' })
    expect((await counters()).itemsTotal).toBe(2)

    const removed = await client.delete(goldPath(itemIds[0]!))
    expect(removed.statusCode).toBe(204)
    expect(
      await t.db.select().from(goldAnswers).where(eq(goldAnswers.itemId, itemIds[0]!)),
    ).toEqual([])
    expect(await counters()).toEqual({
      items: { total: 3, done: 1, left: 2 },
      annotations: { total: 3, done: 1, left: 2 },
      itemsTotal: 3,
    })
    expect(
      (await client.get(`client/tasks/${taskId}/annotations/`)).json().results[0].item_gold,
    ).toBe(null)
    expect((await client.delete(goldPath(itemIds[0]!))).statusCode).toBe(404)
  })

  it('refuses an answer the schema refuses, naming each field', async () => {
    const refused = await client.put(goldPath(itemIds[1]!), {
      expected: { colour: 'red', ok: 'maybe' },
    })
    expect(refused.statusCode).toBe(400)
    expect(Object.keys(refused.json().fields).sort()).toEqual(['expected.colour', 'expected.ok'])
    expect(
      (await client.put(goldPath(itemIds[1]!), { expected: {} })).json().fields,
    ).toHaveProperty('expected')
    expect((await client.put(goldPath(itemIds[1]!), {})).statusCode).toBe(400)
    const [item] = await t.db.select().from(items).where(eq(items.id, itemIds[1]!))
    expect(item!.isGold).toBe(false)
  })

  it('answers 404 for an item of another task and for a task the caller cannot see', async () => {
    const body = { expected: { transcript: 'x' } }
    expect((await client.put(goldPath(otherTaskItem), body)).statusCode).toBe(404)
    expect((await client.delete(goldPath(otherTaskItem))).statusCode).toBe(404)
    const stranger = await signIn(t, { roles: ['client'] })
    const response = await stranger.put(goldPath(itemIds[2]!), body)
    expect(response.statusCode).toBe(404)
    expect((await stranger.delete(goldPath(itemIds[2]!))).statusCode).toBe(404)
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.put(goldPath(itemIds[2]!), body)).statusCode).toBe(403)
    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.put(goldPath(itemIds[2]!), body)).statusCode).toBe(200)
    expect((await staff.delete(goldPath(itemIds[2]!))).statusCode).toBe(204)
  })
})
