import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../db/raw-rows'
import { createTestApp, type TestApp } from '../../test/harness'
import { finishItem, reviewItemsOfTask, seedReviewScenario } from './test-fixtures'

let t: TestApp
// Work without activity is flagged and always drawn (server/modules/quality/activity-flags.ts).
const active = { active: true }

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('drawing done annotations for review', () => {
  it('draws every one of a worker’s first review_newcomers_bound done annotations, then none at probability 0', async () => {
    const scenario = await seedReviewScenario(t.app, { items: 4, probability: 0, newcomers: 2 })
    for (const itemId of scenario.itemIds) await finishItem(scenario, itemId, true, active)
    const drawn = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(drawn.map((row) => row.itemId).sort()).toEqual(scenario.itemIds.slice(0, 2).sort())
    expect(drawn.every((row) => row.userId === scenario.worker.user.id)).toBe(true)
    expect(drawn.every((row) => row.status === 'PENDING' && row.mark === 0)).toBe(true)
  })

  it('draws an annotation once, however often it is reopened and finished again', async () => {
    const scenario = await seedReviewScenario(t.app, { items: 2, probability: 1 })
    const [first] = scenario.itemIds
    await finishItem(scenario, first!)
    await finishItem(scenario, first!, false)
    await finishItem(scenario, first!)
    await finishItem(scenario, first!)
    const drawn = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(drawn).toHaveLength(1)
  })

  it('draws nothing while review is disabled, and nothing for an annotation not done', async () => {
    const scenario = await seedReviewScenario(
      t.app,
      { items: 2, probability: 1, newcomers: 5 },
      { type: { reviewEnabled: false } },
    )
    await finishItem(scenario, scenario.itemIds[0]!)
    const enabled = await seedReviewScenario(t.app, { items: 2, probability: 1 })
    await finishItem(enabled, enabled.itemIds[0]!, false)
    expect(await reviewItemsOfTask(t.app, scenario.scenario.task.id)).toEqual([])
    expect(await reviewItemsOfTask(t.app, enabled.scenario.task.id)).toEqual([])
  })

  it('draws exactly the annotations whose draw value is below review_probability', async () => {
    const scenario = await seedReviewScenario(t.app, { items: 12, probability: 0.5 })
    for (const itemId of scenario.itemIds) await finishItem(scenario, itemId, true, active)
    const values = await selectRows<{ id: number; value: number }>(
      t.db,
      sql`select a.id, review_draw_value(a.id) as value from annotations a
        where a.item_set_id = ${scenario.setId}`,
    )
    const expected = values.filter((row) => row.value < 0.5).map((row) => row.id)
    const drawn = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(drawn.map((row) => row.annotationId).sort()).toEqual(expected.sort())
  })

  it('spreads draw values evenly over [0, 1)', async () => {
    const [row] = await selectRows<{ below: number; min: number; max: number }>(
      t.db,
      sql`select count(*) filter (where review_draw_value(n) < 0.3)::int as below,
          min(review_draw_value(n)) as min, max(review_draw_value(n)) as max
        from generate_series(1, 10000) n`,
    )
    expect(row!.below).toBeGreaterThan(2800)
    expect(row!.below).toBeLessThan(3200)
    expect(row!.min).toBeGreaterThanOrEqual(0)
    expect(row!.max).toBeLessThan(1)
  })
})
