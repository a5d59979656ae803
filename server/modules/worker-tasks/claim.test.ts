import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_ITEM_SET_LOCK_MINUTES,
  PROTOCOL_NOT_CONFIRMED_DETAIL,
} from '../../../contract/worker'
import { annotations, itemSets, tasks } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { addWorker, claimPath, seedScenario } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type ClaimedSet = {
  id: number
  lock_expiration_timestamp: string
  expired: boolean
  items: { id: number; task_id: number; annotation: unknown }[]
  items_count: number
  done_items_count: number
}

const itemIdsOf = (body: ClaimedSet) => body.items.map((item) => item.id)
const minutesFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 60_000

describe('POST /api/endworker/tasks/{id}/item-sets/: dynamic sets', () => {
  it('hands out items_per_set items in task order, locked for the default time', async () => {
    const scenario = await seedScenario(t.db, { items: 5, type: { itemsPerSet: 3 } })
    const worker = await addWorker(t.app, scenario)
    const response = await worker.post(claimPath(scenario.task.id))
    expect(response.statusCode).toBe(201)
    const body = response.json() as ClaimedSet
    expect(itemIdsOf(body)).toEqual(scenario.itemIds.slice(0, 3))
    expect(body).toMatchObject({ expired: false, items_count: 3, done_items_count: 0 })
    expect(body.items.every((item) => item.task_id === scenario.task.id && !item.annotation)).toBe(
      true,
    )
    expect(minutesFromNow(body.lock_expiration_timestamp)).toBeGreaterThan(
      DEFAULT_ITEM_SET_LOCK_MINUTES - 1,
    )
    expect(minutesFromNow(body.lock_expiration_timestamp)).toBeLessThanOrEqual(
      DEFAULT_ITEM_SET_LOCK_MINUTES,
    )
    const [row] = await t.db.select().from(itemSets).where(eq(itemSets.id, body.id))
    expect(row).toMatchObject({ userId: worker.user.id, taskId: scenario.task.id, isFixed: false })
  })

  it('uses the task type’s custom lock time', async () => {
    const scenario = await seedScenario(t.db, { type: { customItemsetLockTime: 15 } })
    const worker = await addWorker(t.app, scenario)
    const body = (await worker.post(claimPath(scenario.task.id))).json() as ClaimedSet
    expect(minutesFromNow(body.lock_expiration_timestamp)).toBeGreaterThan(14)
    expect(minutesFromNow(body.lock_expiration_timestamp)).toBeLessThanOrEqual(15)
  })

  it('answers the open set (200) while its lock holds: one open set per worker and task', async () => {
    const scenario = await seedScenario(t.db, { items: 6, type: { itemsPerSet: 2 } })
    const worker = await addWorker(t.app, scenario)
    const first = await worker.post(claimPath(scenario.task.id))
    const again = await worker.post(claimPath(scenario.task.id))
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.json().id)
    expect(itemIdsOf(again.json())).toEqual(itemIdsOf(first.json()))
    const sets = await t.db.select().from(itemSets).where(eq(itemSets.userId, worker.user.id))
    expect(sets).toHaveLength(1)
  })

  it('gives workers different items until each has annotations_per_item holders', async () => {
    const scenario = await seedScenario(t.db, {
      items: 3,
      type: { itemsPerSet: 2, annotationsPerItem: 2 },
    })
    const claims: number[][] = []
    for (let n = 0; n < 4; n++) {
      const worker = await addWorker(t.app, scenario)
      const response = await worker.post(claimPath(scenario.task.id))
      expect(response.statusCode).toBe(201)
      claims.push(itemIdsOf(response.json()))
    }
    const [a, b, c] = scenario.itemIds as [number, number, number]
    // Capacity 6: [a b] [a b] [c] (a and b full) [c].
    expect(claims).toEqual([[a, b], [a, b], [c], [c]])
    const late = await addWorker(t.app, scenario)
    const refused = await late.post(claimPath(scenario.task.id))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'conflict' })
    expect(refused.json().detail).toMatch(/Nothing is left to annotate/)
  })

  it('never gives a worker an item they annotated, even when it needs more annotations', async () => {
    const scenario = await seedScenario(t.db, {
      items: 3,
      type: { itemsPerSet: 3, annotationsPerItem: 2 },
    })
    const worker = await addWorker(t.app, scenario)
    const first = (await worker.post(claimPath(scenario.task.id))).json() as ClaimedSet
    // Done with the first item only, then the lock expires.
    await t.db.insert(annotations).values({
      itemId: scenario.itemIds[0]!,
      itemSetId: first.id,
      userId: worker.user.id,
      isDone: true,
    })
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, first.id))
    const second = await worker.post(claimPath(scenario.task.id))
    expect(second.statusCode).toBe(201)
    expect(itemIdsOf(second.json())).toEqual(scenario.itemIds.slice(1))
  })

  it('counts slots of expired sets as free before the lock-expiry job runs', async () => {
    const scenario = await seedScenario(t.db, { items: 2, type: { itemsPerSet: 2 } })
    const first = await addWorker(t.app, scenario)
    const claimed = (await first.post(claimPath(scenario.task.id))).json() as ClaimedSet
    const second = await addWorker(t.app, scenario)
    expect((await second.post(claimPath(scenario.task.id))).statusCode).toBe(409)
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, claimed.id))
    const retry = await second.post(claimPath(scenario.task.id))
    expect(retry.statusCode).toBe(201)
    expect(itemIdsOf(retry.json())).toEqual(scenario.itemIds)
  })

  it('caps a set at the worker’s remaining share', async () => {
    // 40% of 5 items: 2.
    const scenario = await seedScenario(t.db, {
      items: 5,
      type: { itemsPerSet: 4, maxItemsPerUserPercent: 40 },
    })
    const worker = await addWorker(t.app, scenario)
    const body = (await worker.post(claimPath(scenario.task.id))).json() as ClaimedSet
    expect(body.items_count).toBe(2)
  })
})

describe('POST /api/endworker/tasks/{id}/item-sets/: fixed sets', () => {
  it('hands out fixed sets whole, in upload order, one worker each', async () => {
    const scenario = await seedScenario(t.db, {
      items: 5,
      type: { isFixedSets: true, itemsPerSet: 2 },
    })
    const [a, b, c, d, e] = scenario.itemIds as [number, number, number, number, number]
    const sets: number[][] = []
    for (let n = 0; n < 3; n++) {
      const worker = await addWorker(t.app, scenario)
      const response = await worker.post(claimPath(scenario.task.id))
      expect(response.statusCode).toBe(201)
      sets.push(itemIdsOf(response.json()))
    }
    expect(sets).toEqual([[a, b], [c, d], [e]])
    const late = await addWorker(t.app, scenario)
    expect((await late.post(claimPath(scenario.task.id))).statusCode).toBe(409)
  })

  it('hands out what a worker left unfinished as one set again', async () => {
    const scenario = await seedScenario(t.db, {
      items: 3,
      type: { isFixedSets: true, itemsPerSet: 3 },
    })
    const first = await addWorker(t.app, scenario)
    const claimed = (await first.post(claimPath(scenario.task.id))).json() as ClaimedSet
    await t.db.insert(annotations).values({
      itemId: scenario.itemIds[1]!,
      itemSetId: claimed.id,
      userId: first.user.id,
      isDone: true,
    })
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, claimed.id))
    const second = await addWorker(t.app, scenario)
    const response = await second.post(claimPath(scenario.task.id))
    expect(response.statusCode).toBe(201)
    expect(itemIdsOf(response.json())).toEqual([scenario.itemIds[0], scenario.itemIds[2]])
    // The fixed set an upload defines keeps no worker; each worker's set is their own.
    const fixed = await t.db
      .select()
      .from(itemSets)
      .where(eq(itemSets.id, scenario.fixedSetIds[0]!))
    expect(fixed[0]?.userId).toBeNull()
  })
})

describe('POST /api/endworker/tasks/{id}/item-sets/: refusals', () => {
  it('needs the task protocol confirmed (403)', async () => {
    const scenario = await seedScenario(t.db)
    const worker = await addWorker(t.app, scenario, { confirmedProtocol: false })
    const response = await worker.post(claimPath(scenario.task.id))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      code: 'permission_denied',
      detail: PROTOCOL_NOT_CONFIRMED_DETAIL.message,
    })
    const confirm = await worker.post(`endworker/protocols/${scenario.protocolId}/confirm/`)
    expect(confirm.statusCode).toBe(200)
    expect((await worker.post(claimPath(scenario.task.id))).statusCode).toBe(201)
  })

  it('answers 404 for a task the worker may not take, and for no task at all', async () => {
    const scenario = await seedScenario(t.db)
    const outsider = await addWorker(t.app, scenario, { inTaskGroup: false })
    expect((await outsider.post(claimPath(scenario.task.id))).statusCode).toBe(404)
    expect((await outsider.post(claimPath(999_999))).statusCode).toBe(404)
  })

  it('answers 409 task_finished when the task is not in progress', async () => {
    const scenario = await seedScenario(t.db)
    await t.db.update(tasks).set({ status: 'FINISHED' }).where(eq(tasks.id, scenario.task.id))
    const worker = await addWorker(t.app, scenario)
    const response = await worker.post(claimPath(scenario.task.id))
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('task_finished')
  })

  it('leaves no item set behind when refused', async () => {
    const scenario = await seedScenario(t.db, { items: 1 })
    const first = await addWorker(t.app, scenario)
    expect((await first.post(claimPath(scenario.task.id))).statusCode).toBe(201)
    const second = await addWorker(t.app, scenario)
    expect((await second.post(claimPath(scenario.task.id))).statusCode).toBe(409)
    expect(await t.db.select().from(itemSets).where(eq(itemSets.userId, second.user.id))).toEqual(
      [],
    )
  })
})
