import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_LIST_SIZE, type ReviewedItem } from '../../../contract/review'
import { createTestApp, type TestApp } from '../../test/harness'
import { addReviewer, finishItem, seedReviewScenario } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('concurrent reviewers', () => {
  it('never get the same review item, and together take every one', async () => {
    const total = REVIEW_LIST_SIZE * 2 + 5
    const scenario = await seedReviewScenario(t.app, { items: total, probability: 1 })
    for (const itemId of scenario.itemIds) await finishItem(scenario, itemId)
    const reviewers = await Promise.all(
      Array.from({ length: 4 }, () => addReviewer(t.app, scenario.reviewGroupId)),
    )
    // On PostgreSQL each request runs on its own pooled connection, at the same time.
    const answers = await Promise.all(
      reviewers.map((reviewer) =>
        reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
      ),
    )
    const taken = answers.map((answer) => (answer.json() as { results: ReviewedItem[] }).results)
    const ids = taken.flat().map((item) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(total)
    for (const [index, items] of taken.entries()) {
      expect(items.length).toBeLessThanOrEqual(REVIEW_LIST_SIZE)
      expect(items.every((item) => item.reviewer?.id === reviewers[index]!.user.id)).toBe(true)
    }
  })
})
