import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSetItems, itemSets } from '../db/schema'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  seedScenario,
} from '../modules/worker-tasks/test-fixtures'
import { createTestApp, type TestApp } from '../test/harness'
import { LOCK_EXPIRY_QUEUE, releaseExpiredItemSets } from './lock-expiry'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
})
afterAll(() => t.close())

const slotItemIds = async (itemSetId: number) =>
  (await t.db.select().from(itemSetItems).where(eq(itemSetItems.itemSetId, itemSetId)))
    .map((slot) => slot.itemId)
    .sort((a, b) => a - b)

describe('releaseExpiredItemSets', () => {
  it('frees the unfinished slots of expired sets, dropping their drafts and keeping done work', async () => {
    const scenario = await seedScenario(t.db, { items: 3, type: { itemsPerSet: 3 } })
    const [a, b, c] = scenario.itemIds as [number, number, number]
    const worker = await addWorker(t.app, scenario)
    const expiring = (await worker.post(claimPath(scenario.task.id))).json()
    await worker.put(
      annotationPath(expiring.id, a),
      annotationBody({ transcript: 'done' }, { isDone: true }),
    )
    await worker.put(annotationPath(expiring.id, b), annotationBody({ transcript: 'draft' }))
    // Another worker's live set of another task is left alone.
    const other = await seedScenario(t.db, { items: 1 })
    const otherWorker = await addWorker(t.app, other)
    const live = (await otherWorker.post(claimPath(other.task.id))).json()

    const expiredAt = new Date(Date.now() + 5 * 60_000)
    await t.db
      .update(itemSets)
      .set({ lockExpiration: expiredAt })
      .where(eq(itemSets.id, expiring.id))
    // Not yet expired at `now`.
    expect(await releaseExpiredItemSets(t.db, { now: new Date() })).toMatchObject({ slots: 0 })
    const now = new Date(expiredAt.getTime() + 1000)

    expect(await releaseExpiredItemSets(t.db, { now, itemSetId: live.id })).toEqual({
      slots: 0,
      itemSets: 0,
      drafts: 0,
    })
    expect(await releaseExpiredItemSets(t.db, { now })).toEqual({
      slots: 2,
      itemSets: 1,
      drafts: 1,
    })
    expect(await slotItemIds(expiring.id)).toEqual([a])
    expect(await slotItemIds(live.id)).toHaveLength(1)
    const kept = await t.db.select().from(annotations).where(eq(annotations.itemSetId, expiring.id))
    expect(kept.map((row) => [row.itemId, row.isDone])).toEqual([[a, true]])
    const [set] = await t.db.select().from(itemSets).where(eq(itemSets.id, expiring.id))
    expect(set?.userId).toBe(worker.user.id)
    expect(await releaseExpiredItemSets(t.db, { now })).toEqual({
      slots: 0,
      itemSets: 0,
      drafts: 0,
    })

    // The freed items go to the next worker.
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, expiring.id))
    const next = await addWorker(t.app, scenario)
    const claim = await next.post(claimPath(scenario.task.id))
    expect(claim.json().items.map((item: { id: number }) => item.id)).toEqual([b, c])
  })
})

describe('lock-expiry schedule', () => {
  it('runs every minute on the job queue', async () => {
    const schedules = await t.app.jobs!.boss.getSchedules(LOCK_EXPIRY_QUEUE)
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['* * * * *'])
  })
})
