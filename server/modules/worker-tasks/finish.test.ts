import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemSetItems, itemSets } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  idempotencyHeaders,
  type ScenarioOptions,
  seedClaimedSet,
  type WorkerClient,
} from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const finishPath = (itemSetId: number) => `endworker/item-sets/${itemSetId}/finish/`

/** A worker's set of two items out of a task of four, so that more work is left after it. */
const claimed = (options: ScenarioOptions = {}) =>
  seedClaimedSet(t.app, { items: 4, type: { itemsPerSet: 2 }, ...options })

async function markAllDone(worker: WorkerClient, setId: number, itemIds: number[]) {
  for (const itemId of itemIds) {
    const saved = await worker.put(
      annotationPath(setId, itemId),
      annotationBody({ transcript: `item ${itemId}` }, { isDone: true }),
    )
    expect(saved.statusCode).toBe(200)
  }
}

const lockOf = async (setId: number) => {
  const [row] = await t.db
    .select({ lockExpiration: itemSets.lockExpiration })
    .from(itemSets)
    .where(eq(itemSets.id, setId))
  return row?.lockExpiration ?? null
}

describe('POST /api/endworker/item-sets/{id}/finish/', () => {
  it('ends the lock of a set whose items are all done, so the task offers work again', async () => {
    const { scenario, worker, setId, itemIds } = await claimed()
    await markAllDone(worker, setId, itemIds)

    const before = Date.now()
    const response = await worker.post(finishPath(setId))
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      id: setId,
      task_id: scenario.task.id,
      already_ended: false,
      done_items_count: 2,
    })
    const endedAt = Date.parse(body.lock_expiration_timestamp)
    expect(endedAt).toBeLessThanOrEqual(Date.now())
    expect(endedAt).toBeGreaterThan(before - 60_000)
    expect((await lockOf(setId))?.toISOString()).toBe(body.lock_expiration_timestamp)

    // The done items stay the worker's, shown in the ended set.
    const view = (await worker.get(`endworker/item-sets/${setId}/`)).json()
    expect(view).toMatchObject({ expired: true, done_items_count: 2 })
    expect(view.items.map((item: { id: number }) => item.id)).toEqual(itemIds)

    // The task lists no open set any more, and taking work hands out a new one at once.
    const [task] = (await worker.get('endworker/tasks/')).json().results
    expect(task).toMatchObject({ id: scenario.task.id, my_open_item_set: null, my_done: 2 })
    const next = await worker.post(claimPath(scenario.task.id))
    expect(next.statusCode).toBe(201)
    expect(next.json().id).not.toBe(setId)

    // Nothing more can be saved into the finished set.
    const late = await worker.put(
      annotationPath(setId, itemIds[0]!),
      annotationBody({ transcript: 'too late' }, { isDone: true }),
    )
    expect(late.statusCode).toBe(410)
  })

  it('refuses while an item is not done, changing nothing', async () => {
    const { worker, setId, itemIds } = await claimed()
    await markAllDone(worker, setId, itemIds.slice(0, 1))
    await worker.put(annotationPath(setId, itemIds[1]!), annotationBody({ transcript: 'draft' }))
    const lock = await lockOf(setId)

    const response = await worker.post(finishPath(setId), undefined, {
      headers: idempotencyHeaders(),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'conflict' })
    expect(response.json().detail).toMatch(/1 of the 2 items/)
    expect(await lockOf(setId)).toEqual(lock)
    const slots = await t.db.select().from(itemSetItems).where(eq(itemSetItems.itemSetId, setId))
    expect(slots).toHaveLength(2)

    // Once the last item is done, finishing goes through.
    await markAllDone(worker, setId, itemIds.slice(1))
    expect((await worker.post(finishPath(setId))).statusCode).toBe(200)
  })

  it('answers a replay with the first answer, and a later finish as already ended', async () => {
    const { worker, setId, itemIds } = await claimed()
    await markAllDone(worker, setId, itemIds)
    const headers = idempotencyHeaders()

    const first = await worker.post(finishPath(setId), undefined, { headers })
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replay']).toBeUndefined()
    const replay = await worker.post(finishPath(setId), undefined, { headers })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json()).toEqual(first.json())

    // Another tab or device finishing too: nothing changes, the first end is kept.
    const again = await worker.post(finishPath(setId), undefined, {
      headers: idempotencyHeaders(),
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...first.json(), already_ended: true })
  })

  it('answers a lock that ran out as already ended, whatever its items', async () => {
    const { worker, setId, itemIds } = await claimed()
    await markAllDone(worker, setId, itemIds.slice(0, 1))
    const expiredAt = new Date(Date.now() - 60_000)
    await t.db.update(itemSets).set({ lockExpiration: expiredAt }).where(eq(itemSets.id, setId))

    const response = await worker.post(finishPath(setId))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: setId,
      already_ended: true,
      lock_expiration_timestamp: expiredAt.toISOString(),
      done_items_count: 1,
    })
    expect(await lockOf(setId)).toEqual(expiredAt)
  })

  it('finishes only the worker’s own sets', async () => {
    const { scenario, worker, setId, itemIds } = await claimed()
    await markAllDone(worker, setId, itemIds)
    const other = await addWorker(t.app, scenario)

    const foreign = await other.post(finishPath(setId), undefined, {
      headers: idempotencyHeaders(),
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('not_found')
    expect((await worker.post(finishPath(2_000_000_000))).statusCode).toBe(404)

    const client = await addWorker(t.app, scenario, { roles: ['client'] })
    expect((await client.post(finishPath(setId))).statusCode).toBe(403)
    expect((await lockOf(setId))!.getTime()).toBeGreaterThan(Date.now())
  })

  it('refuses a malformed id or Idempotency-Key with a 400 naming it', async () => {
    const { worker, setId } = await claimed()
    const badId = await worker.post('endworker/item-sets/abc/finish/')
    expect(badId.statusCode).toBe(400)
    expect(badId.json().fields).toHaveProperty('itemSetId')
    const badKey = await worker.post(finishPath(setId), undefined, {
      headers: { 'idempotency-key': 'not-a-uuid' },
    })
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().fields).toHaveProperty('idempotency-key')
  })
})
