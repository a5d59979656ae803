import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSetItems, itemSets, items, tasks } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/session-client'
import { patchTaskType } from '../task-definitions/task-type-service'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  type Scenario,
  seedScenario,
  seedWorker,
} from './test-fixtures'

/**
 * Claims search a task from its first open position: every item before it has all its done
 * annotations, so a mostly done task is not scanned from its start by every claim.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const firstOpenPosition = async (taskId: number) => {
  const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId))
  return task!.firstOpenPosition
}

/** Done annotations of the items at `positions`, by another worker in an expired set. */
async function annotatedElsewhere(scenario: Scenario, positions: number[]) {
  const author = await seedWorker(t.db, scenario)
  const [set] = await t.db
    .insert(itemSets)
    .values({ taskId: scenario.task.id, userId: author.id, lockExpiration: new Date(0) })
    .returning({ id: itemSets.id })
  const itemIds = positions.map((position) => scenario.itemIds[position]!)
  await t.db
    .insert(itemSetItems)
    .values(itemIds.map((itemId, n) => ({ itemSetId: set!.id, itemId, position: positions[n]! })))
  await t.db
    .insert(annotations)
    .values(
      itemIds.map((itemId) => ({ itemId, itemSetId: set!.id, userId: author.id, isDone: true })),
    )
}

const doneCounts = async (scenario: Scenario) => {
  const rows = await t.db
    .select({ id: items.id, done: items.doneAnnotations })
    .from(items)
    .where(eq(items.taskId, scenario.task.id))
  return scenario.itemIds.map((id) => rows.find((row) => row.id === id)?.done)
}

const claimedIds = async (scenario: Scenario) => {
  const worker = await addWorker(t.app, scenario)
  const response = await worker.post(claimPath(scenario.task.id))
  expect(response.statusCode).toBe(201)
  const set = response.json() as { id: number; items: { id: number }[] }
  return { worker, set, ids: set.items.map((item) => item.id) }
}

describe('claims from the first open position', () => {
  it('moves the position past the items with all their done annotations, once', async () => {
    const scenario = await seedScenario(t.db, { items: 8, type: { itemsPerSet: 2 } })
    await annotatedElsewhere(scenario, [0, 1, 2, 4])
    const first = await claimedIds(scenario)
    // Item 3 is the first without its done annotation; item 4 is done, so 3 and 5 are handed out.
    expect(first.ids).toEqual([scenario.itemIds[3], scenario.itemIds[5]])
    expect(await firstOpenPosition(scenario.task.id)).toBe(3)
    // Items in a live set are not done: the position stays until they are.
    const second = await claimedIds(scenario)
    expect(second.ids).toEqual([scenario.itemIds[6], scenario.itemIds[7]])
    expect(await firstOpenPosition(scenario.task.id)).toBe(3)
  })

  it('reaches the end of the task when every item is done', async () => {
    const scenario = await seedScenario(t.db, { items: 3, type: { itemsPerSet: 2 } })
    await annotatedElsewhere(scenario, [0, 1, 2])
    const worker = await addWorker(t.app, scenario)
    expect((await worker.post(claimPath(scenario.task.id))).statusCode).toBe(409)
    expect(await firstOpenPosition(scenario.task.id)).toBe(3)
  })

  it('looks from the start when nothing is open after the position, and moves it down', async () => {
    const scenario = await seedScenario(t.db, { items: 6, type: { itemsPerSet: 2 } })
    await annotatedElsewhere(scenario, [3, 4, 5])
    // As after a change that reopens done items (a raised annotations_per_item).
    await t.db.update(tasks).set({ firstOpenPosition: 4 }).where(eq(tasks.id, scenario.task.id))
    const { ids } = await claimedIds(scenario)
    expect(ids).toEqual([scenario.itemIds[0], scenario.itemIds[1]])
    expect(await firstOpenPosition(scenario.task.id)).toBe(0)
  })

  it('passes over fixed sets whose items are all done', async () => {
    const scenario = await seedScenario(t.db, {
      items: 6,
      type: { isFixedSets: true, itemsPerSet: 2 },
    })
    await annotatedElsewhere(scenario, [0, 1, 2])
    const { ids } = await claimedIds(scenario)
    // The second fixed set still has item 3 to annotate; the third is whole.
    expect(ids).toEqual([scenario.itemIds[3]])
    expect(await firstOpenPosition(scenario.task.id)).toBe(3)
    expect((await claimedIds(scenario)).ids).toEqual(scenario.itemIds.slice(4))
  })

  it('counts what the task list offers from the position, as claims find it', async () => {
    const scenario = await seedScenario(t.db, { items: 6, type: { itemsPerSet: 1 } })
    await annotatedElsewhere(scenario, [0, 1, 2, 4])
    await claimedIds(scenario)
    expect(await firstOpenPosition(scenario.task.id)).toBe(3)
    const reader = await addWorker(t.app, scenario)
    const offered = (await reader.get('endworker/tasks/')).json().results as {
      id: number
      items_available_for_me: number
    }[]
    // Item 3 is claimed and item 4 done: item 5 is left.
    expect(offered.find((task) => task.id === scenario.task.id)).toMatchObject({
      items_available_for_me: 1,
    })
  })

  it('hands out again, in task order, an item whose done annotation was taken back', async () => {
    const scenario = await seedScenario(t.db, { items: 4, type: { itemsPerSet: 1 } })
    const first = await claimedIds(scenario)
    const path = annotationPath(first.set.id, first.ids[0]!)
    const done = await first.worker.put(path, annotationBody({ transcript: 'x' }, { isDone: true }))
    expect(done.statusCode).toBe(200)
    await claimedIds(scenario)
    expect(await firstOpenPosition(scenario.task.id)).toBe(1)

    const takenBack = await first.worker.put(path, annotationBody({ transcript: 'y' }))
    expect(takenBack.json()).toMatchObject({ applied: true, is_done: false })
    expect(await firstOpenPosition(scenario.task.id)).toBe(0)
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, first.set.id))
    expect((await claimedIds(scenario)).ids).toEqual([scenario.itemIds[0]])
  })

  it("keeps each item's done count with its saves, take-backs and deleted sets", async () => {
    const scenario = await seedScenario(t.db, { items: 3, type: { itemsPerSet: 2 } })
    await annotatedElsewhere(scenario, [0])
    const first = await claimedIds(scenario)
    const path = annotationPath(first.set.id, first.ids[0]!)
    await first.worker.put(path, annotationBody({ transcript: 'x' }, { isDone: true }))
    expect(await doneCounts(scenario)).toEqual([1, 1, 0])
    await first.worker.put(path, annotationBody({ transcript: 'x' }, { isDone: true }))
    expect(await doneCounts(scenario)).toEqual([1, 1, 0])
    await first.worker.put(path, annotationBody({ transcript: 'y' }))
    expect(await doneCounts(scenario)).toEqual([1, 0, 0])
    await t.db
      .update(annotations)
      .set({ isDone: true })
      .where(eq(annotations.itemId, scenario.itemIds[1]!))
    expect(await doneCounts(scenario)).toEqual([1, 1, 0])
    await t.db.delete(itemSets).where(eq(itemSets.id, first.set.id))
    expect(await doneCounts(scenario)).toEqual([1, 0, 0])
  })

  it('claims from the start again once the type asks for more annotations per item', async () => {
    const scenario = await seedScenario(t.db, {
      items: 3,
      type: { itemsPerSet: 1, annotationsPerItem: 1 },
    })
    await annotatedElsewhere(scenario, [0])
    expect((await claimedIds(scenario)).ids).toEqual([scenario.itemIds[1]])
    expect(await firstOpenPosition(scenario.task.id)).toBe(1)

    const staff = await createUser(t.db, { roles: ['staff'] })
    const editor = { ...staff, isActive: true, isSsoAccount: false }
    await patchTaskType(t.db, editor, scenario.taskType.id, { annotations_per_item: 2 })
    expect(await firstOpenPosition(scenario.task.id)).toBe(0)
    // Item 0 has one done annotation of the two it needs now.
    expect((await claimedIds(scenario)).ids).toEqual([scenario.itemIds[0]])
  })
})
