import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSets, tasks } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { advanceFirstOpenPosition } from '../worker-tasks/claim-queries'
import { addWorker, claimPath, type Scenario, seedScenario } from '../worker-tasks/test-fixtures'
import { goldSlotPosition, goldSlotsBeside, plannedGoldSlots } from './gold-mixing'
import { makeGold } from './test-fixtures'

describe('how many gold slots a set gets', () => {
  it('plans the rounded share of the set, at least one when the share is above zero', () => {
    expect(plannedGoldSlots(10, 0)).toBe(0)
    expect(plannedGoldSlots(10, 20)).toBe(2)
    expect(plannedGoldSlots(10, 50)).toBe(5)
    expect(plannedGoldSlots(3, 10)).toBe(1)
    expect(plannedGoldSlots(1, 5)).toBe(1)
  })

  it('puts beside the ordinary items taken the gold that makes the share of the whole set', () => {
    expect(goldSlotsBeside(8, 20)).toBe(2)
    expect(goldSlotsBeside(5, 50)).toBe(5)
    expect(goldSlotsBeside(2, 10)).toBe(1)
    expect(goldSlotsBeside(4, 0)).toBe(0)
    expect(goldSlotsBeside(0, 30)).toBe(0)
  })
})

describe('goldSlotPosition', () => {
  const slots = (...pairs: [number, number][]) =>
    pairs.map(([itemId, position]) => ({ itemId, position }))
  // The set lists slots by (position, item id): the gold item must land after one and before another.
  const placeOf = (goldId: number, position: number, ordinary: ReturnType<typeof slots>) =>
    ordinary.filter(
      (slot) => slot.position < position || (slot.position === position && slot.itemId < goldId),
    ).length

  it('always places the gold item between ordinary items when there are two or more', () => {
    const cases = [
      { goldId: 50, ordinary: slots([10, 1], [11, 2]) },
      { goldId: 5, ordinary: slots([10, 1], [11, 2]) },
      { goldId: 10, ordinary: slots([9, 4], [11, 5], [12, 6], [13, 7]) },
    ]
    for (const { goldId, ordinary } of cases) {
      for (let round = 0; round < 20; round++) {
        const place = placeOf(goldId, goldSlotPosition(goldId, ordinary), ordinary)
        expect(place).toBeGreaterThan(0)
        expect(place).toBeLessThan(ordinary.length)
      }
    }
  })

  it('with a single ordinary item takes its position', () => {
    expect(goldSlotPosition(3, slots([7, 4]))).toBe(4)
  })
})

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type ClaimedSet = { id: number; items: { id: number }[] }

async function claim(scenario: Scenario, worker: Awaited<ReturnType<typeof addWorker>>) {
  const response = await worker.post(claimPath(scenario.task.id))
  expect(response.statusCode).toBe(201)
  return response.json() as ClaimedSet
}

async function expireSet(setId: number) {
  await t.db
    .update(itemSets)
    .set({ lockExpiration: new Date(Date.now() - 1000) })
    .where(eq(itemSets.id, setId))
}

/** A dynamic task of `total` items, those at `goldPositions` gold. */
async function goldScenario(
  total: number,
  goldPositions: number[],
  type: Parameters<typeof seedScenario>[1] extends infer O
    ? O extends { type?: infer T }
      ? T
      : never
    : never,
) {
  const scenario = await seedScenario(t.db, { items: total, type })
  const gold = goldPositions.map((position) => scenario.itemIds[position]!)
  await makeGold(t.db, gold)
  const ordinary = scenario.itemIds.filter((id) => !gold.includes(id))
  return { scenario, gold, ordinary }
}

describe('claims mix gold items into dynamic sets', () => {
  it('gives a set its gold share among the ordinary items, never first or last', async () => {
    const { scenario, gold, ordinary } = await goldScenario(14, [0, 5, 9, 13], {
      itemsPerSet: 5,
      goldShare: 20,
    })
    const worker = await addWorker(t.app, scenario)
    const set = await claim(scenario, worker)
    const ids = set.items.map((item) => item.id)
    // 20 % of 5: one gold item besides four ordinary ones, in task order.
    expect(ids.filter((id) => !gold.includes(id))).toEqual(ordinary.slice(0, 4))
    const goldPlaces = ids.flatMap((id, place) => (gold.includes(id) ? [place] : []))
    expect(goldPlaces).toHaveLength(1)
    expect(goldPlaces[0]).toBeGreaterThan(0)
    expect(goldPlaces[0]).toBeLessThan(ids.length - 1)
    // The set lists the same way when fetched again.
    const again = (await worker.get(`endworker/item-sets/${set.id}/`)).json() as ClaimedSet
    expect(again.items.map((item) => item.id)).toEqual(ids)
  })

  it('lets a worker meet each gold item at most once across the task', async () => {
    const { scenario, gold } = await goldScenario(20, [2, 7, 12], { itemsPerSet: 3, goldShare: 30 })
    const worker = await addWorker(t.app, scenario)
    const met: number[] = []
    for (let round = 0; round < 5; round++) {
      const set = await claim(scenario, worker)
      met.push(...set.items.map((item) => item.id).filter((id) => gold.includes(id)))
      await expireSet(set.id)
    }
    expect(met.toSorted()).toEqual(gold.toSorted())
  })

  it('hands gold items to any number of workers, beyond annotations_per_item', async () => {
    const { scenario, gold } = await goldScenario(7, [3], {
      itemsPerSet: 2,
      goldShare: 50,
      annotationsPerItem: 1,
    })
    for (let n = 0; n < 3; n++) {
      const worker = await addWorker(t.app, scenario)
      const set = await claim(scenario, worker)
      expect(set.items.map((item) => item.id)).toContain(gold[0])
      // A done answer of the gold item does not keep it from the next worker.
      await t.db.insert(annotations).values({
        itemId: gold[0]!,
        itemSetId: set.id,
        userId: worker.user.id,
        isDone: true,
      })
    }
  })

  it('leaves gold items out of the first open position, the share and what is available', async () => {
    const { scenario, gold, ordinary } = await goldScenario(4, [0, 2], {
      itemsPerSet: 3,
      goldShare: 10,
      maxItemsPerUserPercent: 100,
    })
    await t.db.update(tasks).set({ itemsTotal: 2 }).where(eq(tasks.id, scenario.task.id))
    const worker = await addWorker(t.app, scenario)
    const set = await claim(scenario, worker)
    expect(set.items.map((item) => item.id).filter((id) => !gold.includes(id))).toEqual(ordinary)
    await t.db.insert(annotations).values(
      ordinary.map((itemId) => ({
        itemId,
        itemSetId: set.id,
        userId: worker.user.id,
        isDone: true,
      })),
    )
    // Every ordinary item is done; the gold items (with no done answer) hold nothing back.
    expect(await advanceFirstOpenPosition(t.db, scenario.task.id)).toBe(4)
    const list = (await worker.get('endworker/tasks/')).json() as {
      results: { id: number; items_available_for_me: number }[]
    }
    // Nothing left for anyone: the unanswered gold items are not counted as available.
    expect(list.results.find((task) => task.id === scenario.task.id)).toMatchObject({
      items_available_for_me: 0,
    })
  })

  it('adds no gold without a share, nor to fixed sets', async () => {
    const none = await goldScenario(6, [1, 2], { itemsPerSet: 3 })
    const set = await claim(none.scenario, await addWorker(t.app, none.scenario))
    expect(set.items.map((item) => item.id)).toEqual(none.ordinary.slice(0, 3))

    const fixed = await goldScenario(4, [1], { itemsPerSet: 2, isFixedSets: true, goldShare: 50 })
    const fixedSet = await claim(fixed.scenario, await addWorker(t.app, fixed.scenario))
    expect(fixedSet.items.map((item) => item.id)).toEqual(fixed.scenario.itemIds.slice(0, 2))
  })

  it('hands out no set of gold items alone when no ordinary item is left', async () => {
    const { scenario, gold } = await goldScenario(3, [1, 2], { itemsPerSet: 2, goldShare: 50 })
    const first = await claim(scenario, await addWorker(t.app, scenario))
    expect(first.items).toHaveLength(2)
    const late = await addWorker(t.app, scenario)
    expect((await late.post(claimPath(scenario.task.id))).statusCode).toBe(409)
    const sets = await t.db.select().from(itemSets).where(eq(itemSets.userId, late.user.id))
    expect(sets).toEqual([])
    expect(gold.length).toBe(2)
    expect(await t.db.select().from(annotations).where(inArray(annotations.itemId, gold))).toEqual(
      [],
    )
  })
})
