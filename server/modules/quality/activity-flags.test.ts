import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSets, reviewItems, taskTypes } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { finishItem, reviewItemsOfTask, seedReviewScenario } from '../review/test-fixtures'
import {
  annotationBody,
  annotationPath,
  type ClaimedSet,
  idempotencyHeaders,
  seedClaimedSet,
} from '../worker-tasks/test-fixtures'
import { sendSamples, taskSample } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const MINUTE = 60_000

async function save(claimed: ClaimedSet, itemId: number, isDone: boolean, atMs = Date.now()) {
  const response = await claimed.worker.put(
    annotationPath(claimed.setId, itemId),
    annotationBody({ transcript: `text ${itemId}` }, { isDone, at: new Date(atMs) }),
    { headers: idempotencyHeaders() },
  )
  expect(response.statusCode).toBe(200)
  return response
}

async function flagsOf(claimed: ClaimedSet) {
  const rows = await t.db
    .select({ itemId: annotations.itemId, flags: annotations.qualityFlags })
    .from(annotations)
    .where(eq(annotations.itemSetId, claimed.setId))
  return Object.fromEntries(rows.map((row) => [row.itemId, [...row.flags].sort()]))
}

/** Moves the set's hand-out back, as if it had been taken `ms` ago. */
async function handedOutAgo(claimed: ClaimedSet, ms: number) {
  await t.db
    .update(itemSets)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(itemSets.id, claimed.setId))
}

describe('activity-backed flags of done work', () => {
  it('flags a done mark no sample vouches for, and clears the flag when the sample arrives late', async () => {
    const claimed = await seedClaimedSet(t.app)
    const [first, second] = claimed.itemIds as [number, number]
    await handedOutAgo(claimed, 5 * MINUTE)
    await save(claimed, first, true)
    await save(claimed, second, false)
    expect(await flagsOf(claimed)).toEqual({ [first]: ['NO_ACTIVITY'], [second]: [] })

    const now = Date.now()
    await sendSamples(claimed, [taskSample(claimed, now - 2 * MINUTE, now - MINUTE)])
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: [] })
  })

  it('does not take a sample of another set, an unreal one or one before the item opened', async () => {
    const claimed = await seedClaimedSet(t.app)
    const other = await seedClaimedSet(t.app)
    const [first, second] = claimed.itemIds as [number, number]
    await handedOutAgo(claimed, 10 * MINUTE)
    const now = Date.now()
    await sendSamples(claimed, [
      taskSample(claimed, now - 9 * MINUTE, now - 8 * MINUTE),
      { ...taskSample(claimed, now - 2 * MINUTE, now - MINUTE), key_clicks: 0, mouse_moves: 0 },
      { ...taskSample(claimed, now - 2 * MINUTE, now - MINUTE), item_set: other.setId },
    ])
    // The first item's done mark is the opening of the second: the early sample covers only the first.
    await save(claimed, first, true)
    await save(claimed, second, true)
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: ['NO_ACTIVITY'] })
  })

  it('flags TOO_FAST against min_seconds_per_item, from the set’s hand-out or the previous done mark', async () => {
    const claimed = await seedClaimedSet(t.app, { type: { itemsPerSet: 2, minSecondsPerItem: 60 } })
    const [first, second] = claimed.itemIds as [number, number]
    await handedOutAgo(claimed, 3 * MINUTE)
    await save(claimed, first, true)
    await save(claimed, second, true)
    const now = Date.now()
    await sendSamples(claimed, [taskSample(claimed, now - 2 * MINUTE, now)])
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: ['TOO_FAST'] })

    // With the setting off, nothing is too fast.
    await t.db
      .update(taskTypes)
      .set({ minSecondsPerItem: null })
      .where(eq(taskTypes.id, claimed.scenario.taskType.id))
    await save(claimed, second, true)
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: [] })
  })

  it('clears the flags of an annotation taken back, and judges it again when done again', async () => {
    const claimed = await seedClaimedSet(t.app)
    const [first] = claimed.itemIds as [number]
    await save(claimed, first, true)
    expect(await flagsOf(claimed)).toMatchObject({ [first]: ['NO_ACTIVITY'] })
    await save(claimed, first, false)
    expect(await flagsOf(claimed)).toMatchObject({ [first]: [] })
    await save(claimed, first, true)
    expect(await flagsOf(claimed)).toMatchObject({ [first]: ['NO_ACTIVITY'] })
  })

  it('judges offline work replayed later by the device times its samples carry', async () => {
    const claimed = await seedClaimedSet(t.app, { type: { itemsPerSet: 2, minSecondsPerItem: 60 } })
    const [first, second] = claimed.itemIds as [number, number]
    await handedOutAgo(claimed, 60 * MINUTE)
    // The device's clock runs 90 seconds ahead (within the work-time tolerance): the worker did
    // the first item 40 and the second 30 minutes ago, offline, ten minutes each.
    const ahead = 90_000
    const device = (ms: number) => ms + ahead
    const now = Date.now()
    const firstDone = now - 40 * MINUTE
    const secondDone = now - 30 * MINUTE
    // The saves replay first: arriving together, they are judged by their arrival.
    await save(claimed, first, true, device(firstDone))
    await save(claimed, second, true, device(secondDone))
    expect(await flagsOf(claimed)).toEqual({
      [first]: ['NO_ACTIVITY'],
      [second]: ['NO_ACTIVITY', 'TOO_FAST'],
    })
    // The samples replay next, on the device's clock.
    await sendSamples(
      claimed,
      [
        taskSample(claimed, device(firstDone - 2 * MINUTE), device(firstDone - MINUTE)),
        taskSample(claimed, device(secondDone - 2 * MINUTE), device(secondDone - MINUTE)),
      ],
      device(Date.now()),
    )
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: [] })
  })

  it('finds offline work too fast by the device times, once its samples arrive', async () => {
    const claimed = await seedClaimedSet(t.app, { type: { itemsPerSet: 2, minSecondsPerItem: 60 } })
    const [first, second] = claimed.itemIds as [number, number]
    await handedOutAgo(claimed, 60 * MINUTE)
    // Offline and 90 seconds ahead, the worker did the first item in ten minutes and the second
    // ten seconds later; the saves arrived a while apart, which does not make the second slower.
    const device = (ms: number) => ms + 90_000
    const now = Date.now()
    await sendSamples(
      claimed,
      [taskSample(claimed, device(now - 52 * MINUTE), device(now - 51 * MINUTE))],
      device(now),
    )
    await save(claimed, first, true, device(now - 50 * MINUTE))
    await t.db
      .update(annotations)
      .set({ lockedAt: new Date(now - 5 * MINUTE) })
      .where(and(eq(annotations.itemSetId, claimed.setId), eq(annotations.itemId, first)))
    await save(claimed, second, true, device(now - 50 * MINUTE + 10_000))
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: ['NO_ACTIVITY', 'TOO_FAST'] })
    await sendSamples(
      claimed,
      [taskSample(claimed, device(now - 50 * MINUTE), device(now - 50 * MINUTE + 10_000))],
      device(Date.now()),
    )
    expect(await flagsOf(claimed)).toEqual({ [first]: [], [second]: ['TOO_FAST'] })
  })

  it('does not take samples from a device whose clock is not trusted', async () => {
    const claimed = await seedClaimedSet(t.app)
    const [first] = claimed.itemIds as [number]
    await handedOutAgo(claimed, 60 * MINUTE)
    const ahead = 3 * 60 * MINUTE
    const now = Date.now()
    await save(claimed, first, true, now + ahead - 20 * MINUTE)
    await sendSamples(
      claimed,
      [taskSample(claimed, now + ahead - 22 * MINUTE, now + ahead - 21 * MINUTE)],
      now + ahead,
    )
    expect(await flagsOf(claimed)).toEqual({ [first]: ['NO_ACTIVITY'] })
  })
})

describe('flagged work and the review draw', () => {
  it('draws flagged done work for review whatever the sampling, and withdraws it when the flag clears', async () => {
    const scenario = await seedReviewScenario(t.app, { items: 2, probability: 0, newcomers: 0 })
    const [first, second] = scenario.itemIds as [number, number]
    await handedOutAgo(scenario, 5 * MINUTE)
    await finishItem(scenario, first)
    await finishItem(scenario, second)
    const drawn = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(drawn.map((row) => row.itemId).sort()).toEqual([first, second].sort())
    expect(drawn.every((row) => row.drawnForFlags && row.status === 'PENDING')).toBe(true)

    // A reviewer holds the second one: it stays drawn when the flags clear.
    await t.db
      .update(reviewItems)
      .set({ status: 'LOCKED', reviewerId: scenario.worker.user.id, lockedAt: new Date() })
      .where(and(eq(reviewItems.itemId, second), eq(reviewItems.taskId, scenario.scenario.task.id)))
    const now = Date.now()
    await sendSamples(scenario, [taskSample(scenario, now - 2 * MINUTE, now)])
    expect(await flagsOf(scenario)).toEqual({ [first]: [], [second]: [] })
    const left = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(left.map((row) => row.itemId)).toEqual([second])
  })

  it('keeps what the task type’s sampling drew when the flags clear', async () => {
    const scenario = await seedReviewScenario(t.app, { items: 1, probability: 1 })
    const [first] = scenario.itemIds as [number]
    await finishItem(scenario, first)
    expect(await flagsOf(scenario)).toEqual({ [first]: ['NO_ACTIVITY'] })
    const now = Date.now()
    await sendSamples(scenario, [taskSample(scenario, now - MINUTE, now)])
    const drawn = await reviewItemsOfTask(t.app, scenario.scenario.task.id)
    expect(drawn.map((row) => [row.itemId, row.drawnForFlags])).toEqual([[first, false]])
  })

  it('draws nothing for flags while the task type’s review is disabled', async () => {
    const scenario = await seedReviewScenario(
      t.app,
      { items: 1, probability: 1 },
      { type: { reviewEnabled: false } },
    )
    await finishItem(scenario, scenario.itemIds[0]!)
    expect(await flagsOf(scenario)).toEqual({ [scenario.itemIds[0]!]: ['NO_ACTIVITY'] })
    expect(await reviewItemsOfTask(t.app, scenario.scenario.task.id)).toEqual([])
  })
})
