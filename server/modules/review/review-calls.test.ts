import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_LIST_SIZE, type ReviewedItem } from '../../../contract/review'
import { createTestApp, type TestApp } from '../../test/harness'
import { addReviewer, finishItem, type ReviewScenario, seedReviewScenario } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A scenario whose items are all done and drawn. */
async function drawnScenario(items = 3): Promise<ReviewScenario> {
  const scenario = await seedReviewScenario(t.app, { items, probability: 1 })
  for (const itemId of scenario.itemIds) await finishItem(scenario, itemId)
  return scenario
}

const results = (response: { json: () => unknown }) =>
  (response.json() as { results: ReviewedItem[] }).results

describe('taking and grading review items', () => {
  it('locks the oldest items of the task to the reviewer and answers them with what a card shows', async () => {
    const scenario = await drawnScenario(3)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const taken = await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id })
    expect(taken.statusCode).toBe(200)
    const items = results(taken)
    expect(items.map((item) => item.item_id)).toEqual(scenario.itemIds)
    expect(items[0]).toMatchObject({
      status: 'LOCKED',
      mark: 0,
      user_id: scenario.worker.user.id,
      annotation_data: { transcript: `done ${scenario.itemIds[0]}` },
      reviewer: { id: reviewer.user.id, first_name: 'Rita', last_name: 'Viewer' },
    })
    expect(items[0]!.schema.annotation_schema).toHaveProperty('transcript')
    expect(items[0]!.lock_expiration_timestamp).not.toBeNull()

    const count = await reviewer.get('review/locked-items/count/')
    expect(count.json()).toEqual({ count: 3 })
    const second = await addReviewer(t.app, scenario.reviewGroupId)
    const nothingLeft = await second.post('review/locked-items/', {
      task: scenario.scenario.task.id,
    })
    expect(results(nothingLeft)).toEqual([])
  })

  it(`locks at most ${REVIEW_LIST_SIZE} items, the reviewer's held ones first`, async () => {
    const scenario = await drawnScenario(REVIEW_LIST_SIZE + 2)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const first = results(
      await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    expect(first).toHaveLength(REVIEW_LIST_SIZE)
    const again = results(
      await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    expect(again.map((item) => item.id)).toEqual(first.map((item) => item.id))
    const other = await addReviewer(t.app, scenario.reviewGroupId)
    const rest = results(
      await other.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    expect(rest).toHaveLength(2)
    expect(rest.some((item) => first.some((mine) => mine.id === item.id))).toBe(false)
  })

  it('grades with only the fields given, refuses a mark outside -1 and 1 to 5 naming the field', async () => {
    const scenario = await drawnScenario(2)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const [item] = results(
      await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    for (const mark of [0, 6, -2, 'good']) {
      const refused = await reviewer.patch(`review/locked-items/${item!.id}/`, { mark })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().fields).toHaveProperty('mark')
    }
    const badType = await reviewer.patch(`review/locked-items/${item!.id}/`, {
      error_types: ['TYPO'],
    })
    expect(badType.statusCode).toBe(400)
    expect(Object.keys(badType.json().fields)[0]).toMatch(/^error_types/)

    const commented = await reviewer.patch(`review/locked-items/${item!.id}/`, { comment: 'Hm' })
    expect(commented.json()).toMatchObject({ status: 'LOCKED', mark: 0, comment: 'Hm' })
    const key = { 'idempotency-key': randomUUID() }
    const graded = await reviewer.patch(
      `review/locked-items/${item!.id}/`,
      { mark: 4, error_types: ['LEXICAL', 'OTHER'] },
      { headers: key },
    )
    expect(graded.statusCode).toBe(200)
    expect(graded.json()).toMatchObject({
      status: 'REVIEWED',
      mark: 4,
      error_types: ['LEXICAL', 'OTHER'],
      comment: 'Hm',
    })
    const replay = await reviewer.patch(
      `review/locked-items/${item!.id}/`,
      { mark: 4, error_types: ['LEXICAL', 'OTHER'] },
      { headers: key },
    )
    expect(replay.headers['idempotent-replay']).toBe('true')

    const reviewed = await reviewer.get('review/reviewed-items/', { query: { mark: '4' } })
    expect(results(reviewed).map((row) => row.id)).toEqual([item!.id])
    const amended = await reviewer.patch(`review/reviewed-items/${item!.id}/`, { mark: -1 })
    expect(amended.json()).toMatchObject({ mark: -1, status: 'REVIEWED' })
    expect((await reviewer.get(`review/reviewed-items/${item!.id}/`)).json().mark).toBe(-1)
  })

  it('answers 410 when another reviewer has taken the item', async () => {
    const scenario = await drawnScenario(1)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const [item] = results(
      await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    const other = await addReviewer(t.app, scenario.reviewGroupId)
    const notHis = await other.patch(`review/locked-items/${item!.id}/`, { mark: 3 })
    expect(notHis.statusCode).toBe(410)
  })
})

describe('paging the pool', () => {
  it("pages GET /review/items/ by the spec's page as well as by offset, with links that keep to it", async () => {
    const scenario = await drawnScenario(5)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const task = String(scenario.scenario.task.id)
    const itemIdsOf = (response: { json: () => unknown }) =>
      (response.json() as { results: { item_id: number }[] }).results.map((item) => item.item_id)

    const byPage = await reviewer.get('review/items/', {
      query: { task, page: '2', page_size: '2' },
    })
    expect(byPage.statusCode).toBe(200)
    expect(byPage.json().count).toBe(5)
    expect(itemIdsOf(byPage)).toEqual(scenario.itemIds.slice(2, 4))
    const next = new URL(byPage.json().next)
    expect(next.searchParams.get('page')).toBe('3')
    expect(next.searchParams.get('limit')).toBe('2')
    expect(next.searchParams.has('offset')).toBe(false)
    expect(new URL(byPage.json().previous).searchParams.get('page')).toBe('1')

    const lastPage = await reviewer.get(`review/items/${next.search}`)
    expect(itemIdsOf(lastPage)).toEqual(scenario.itemIds.slice(4))
    expect(lastPage.json().next).toBeNull()

    const byOffset = await reviewer.get('review/items/', {
      query: { task, offset: '2', limit: '2' },
    })
    expect(itemIdsOf(byOffset)).toEqual(itemIdsOf(byPage))

    const both = await reviewer.get('review/items/', { query: { task, page: '2', offset: '2' } })
    expect(both.statusCode).toBe(400)
    expect(both.json().fields).toHaveProperty('page')
    const pageZero = await reviewer.get('review/items/', { query: { task, page: '0' } })
    expect(pageZero.statusCode).toBe(400)
    expect(pageZero.json().fields).toHaveProperty('page')
  })
})

describe('who sees what', () => {
  it('shows a reviewer only the work of the groups their review group reviews, never their own', async () => {
    const scenario = await drawnScenario(2)
    const member = await addReviewer(t.app, scenario.reviewGroupId)
    const outsider = await addReviewer(t.app, null)
    const taskId = scenario.scenario.task.id

    const tasks = (await member.get('review/tasks/')).json()
    const mine = tasks.results.find((task: { id: number }) => task.id === taskId)
    expect(mine).toMatchObject({ pending_count: 2, available_count: 2, locked_count: 0 })
    expect((await member.get(`review/tasks/${taskId}/`)).statusCode).toBe(200)
    expect(
      (await member.get('review/items/', { query: { task: String(taskId) } })).json().count,
    ).toBe(2)

    const outsiderTasks = (await outsider.get('review/tasks/')).json()
    expect(outsiderTasks.results.some((task: { id: number }) => task.id === taskId)).toBe(false)
    expect((await outsider.get(`review/tasks/${taskId}/`)).statusCode).toBe(404)
    expect(results(await outsider.post('review/locked-items/', { task: taskId }))).toEqual([])

    const stats = (await member.get('review/reviewer-stats/')).json()
    expect(stats.reviewer_in).toEqual([
      expect.objectContaining({
        id: scenario.reviewGroupId,
        reviewed_groups: [expect.objectContaining({ id: scenario.scenario.taskGroupId })],
      }),
    ])
    expect(stats.available_review_items).toBeGreaterThanOrEqual(2)

    // Staff review everything, whatever their groups.
    const staff = await addReviewer(t.app, null, ['staff'])
    const staffTasks = (await staff.get('review/tasks/', { query: { limit: '1000' } })).json()
    expect(staffTasks.results.some((task: { id: number }) => task.id === taskId)).toBe(true)
  })

  it('refuses the review calls to a worker and answers the filter choices to a reviewer', async () => {
    const scenario = await drawnScenario(1)
    for (const path of [
      'review/tasks/',
      'review/items/',
      'review/locked-items/',
      'review/reviewed-items/',
      'review/reviewer-stats/',
    ]) {
      expect((await scenario.worker.get(path)).statusCode).toBe(403)
    }
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const taskOptions = (await reviewer.options('review/tasks/')).json()
    expect(taskOptions.task_types).toEqual([
      { id: scenario.scenario.taskType.id, name: scenario.scenario.taskType.name },
    ])
    expect(taskOptions.languages.map((language: { code: string }) => language.code).sort()).toEqual(
      ['en', 'pl'],
    )
    const itemOptions = (await reviewer.options('review/items/')).json()
    expect(itemOptions.tasks.map((task: { id: number }) => task.id)).toEqual([
      scenario.scenario.task.id,
    ])
    expect((await reviewer.options('review/reviewed-items/')).json().marks).toEqual([
      1, 2, 3, 4, 5, -1,
    ])
    const badFilter = await reviewer.get('review/tasks/', { query: { pending_count__gt: 'many' } })
    expect(badFilter.statusCode).toBe(400)
    expect(badFilter.json().fields).toHaveProperty('pending_count__gt')
  })
})

describe('feedback', () => {
  it('shows the worker their graded work and MOS, and nobody else’s', async () => {
    const scenario = await drawnScenario(3)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const items = results(
      await reviewer.post('review/locked-items/', { task: scenario.scenario.task.id }),
    )
    const marks = [5, 3, -1]
    for (const [index, item] of items.entries()) {
      await reviewer.patch(`review/locked-items/${item.id}/`, { mark: marks[index] })
    }
    const stats = (await scenario.worker.get('review/feedback/stats/')).json()
    expect(stats).toMatchObject({
      mos: 4,
      mos_30d: 4,
      done_annotations_count: 3,
      reviewed_annotations_count: 3,
    })
    expect(stats.mos_detail).toEqual({ mean: 4, count: 2, ci95: null })

    const tasks = (await scenario.worker.get('review/feedback/tasks/')).json()
    expect(tasks.results).toEqual([
      expect.objectContaining({ id: scenario.scenario.task.id, reviewed_count: 3 }),
    ])
    const feedback = await scenario.worker.get('review/feedback/items/', {
      query: { task: String(scenario.scenario.task.id), mark: '5' },
    })
    expect(results(feedback).map((item) => item.id)).toEqual([items[0]!.id])
    const options = (
      await scenario.worker.options('review/feedback/items/', {
        query: { task: String(scenario.scenario.task.id) },
      })
    ).json()
    expect(options.marks).toEqual([-1, 3, 5])
    expect(options.reviewers.map((user: { id: number }) => user.id)).toEqual([reviewer.user.id])

    const other = await drawnScenario(1)
    expect((await other.worker.get(`review/feedback/items/${items[0]!.id}/`)).statusCode).toBe(404)
    expect(
      (await other.worker.get(`review/feedback/tasks/${scenario.scenario.task.id}/`)).statusCode,
    ).toBe(404)
    expect((await other.worker.get('review/feedback/items/')).json().count).toBe(0)
    expect((await scenario.worker.get(`review/feedback/items/${items[0]!.id}/`)).statusCode).toBe(
      200,
    )
  })
})
