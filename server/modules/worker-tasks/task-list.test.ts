import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSets, tasks, taskTypes, taskTypeUsers } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'
import {
  addWorker,
  claimPath,
  type Scenario,
  seedScenario,
  seedTask,
  type WorkerOptions,
} from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type TaskListBody = { count: number; results: { id: number }[] }

/** The ids of the tasks the worker is offered, among `among`. */
async function offered(scenario: Scenario, options: WorkerOptions = {}, among?: number[]) {
  const worker = await addWorker(t.app, scenario, options)
  const response = await worker.get('endworker/tasks/')
  expect(response.statusCode).toBe(200)
  const ids = (response.json() as TaskListBody).results.map((task) => task.id)
  return ids.filter((id) => (among ?? [scenario.task.id]).includes(id))
}

describe('GET /api/endworker/tasks/: who is offered a task', () => {
  it('offers an IN_PROGRESS task of an ACTIVE type to a task group member speaking both languages', async () => {
    const scenario = await seedScenario(t.db)
    expect(await offered(scenario)).toEqual([scenario.task.id])
  })

  it('needs membership of one of the task type’s task groups', async () => {
    const scenario = await seedScenario(t.db)
    expect(await offered(scenario, { inTaskGroup: false })).toEqual([])
  })

  it('leaves out blacklisted workers', async () => {
    const scenario = await seedScenario(t.db)
    const worker = await addWorker(t.app, scenario)
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: scenario.taskType.id, userId: worker.user.id, list: 'blacklist' })
    const body = (await worker.get('endworker/tasks/')).json() as TaskListBody
    expect(body.results.map((task) => task.id)).not.toContain(scenario.task.id)
  })

  it('offers a task type with a whitelist to whitelisted workers only', async () => {
    const scenario = await seedScenario(t.db)
    const listed = await addWorker(t.app, scenario)
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: scenario.taskType.id, userId: listed.user.id, list: 'whitelist' })
    const listedIds = ((await listed.get('endworker/tasks/')).json() as TaskListBody).results
    expect(listedIds.map((task) => task.id)).toContain(scenario.task.id)
    expect(await offered(scenario)).toEqual([])
  })

  it('needs the base language, and the target language only with settle_target_lang', async () => {
    const scenario = await seedScenario(t.db)
    const { en, pl, de } = scenario.languages
    expect(await offered(scenario, { languages: [pl] })).toEqual([])
    expect(await offered(scenario, { languages: [en] })).toEqual([])
    expect(await offered(scenario, { languages: [de], mainLanguage: en })).toEqual([])
    // The main language counts like a profile language.
    expect(await offered(scenario, { languages: [pl], mainLanguage: en })).toEqual([
      scenario.task.id,
    ])
    const loose = await seedTask(t.db, scenario, { task: { settleTargetLang: false } })
    expect(await offered(scenario, { languages: [en] }, [loose.task.id])).toEqual([loose.task.id])
  })

  it('offers only IN_PROGRESS tasks of ACTIVE task types', async () => {
    const scenario = await seedScenario(t.db)
    const statuses = ['CREATED', 'PROCESSING', 'PAUSED', 'FINISHED', 'ARCHIVED'] as const
    const others = await Promise.all(
      statuses.map((status) => seedTask(t.db, scenario, { task: { status } })),
    )
    const all = [scenario.task.id, ...others.map((other) => other.task.id)]
    expect(await offered(scenario, {}, all)).toEqual([scenario.task.id])
    await t.db
      .update(taskTypes)
      .set({ status: 'DRAFT' })
      .where(eq(taskTypes.id, scenario.taskType.id))
    expect(await offered(scenario, {}, all)).toEqual([])
  })

  it('stops offering a task once the worker holds or did their share, keeping an open set visible', async () => {
    // 50% of 4 items: 2 items per worker.
    const scenario = await seedScenario(t.db, {
      items: 4,
      type: { maxItemsPerUserPercent: 50, itemsPerSet: 1 },
    })
    const worker = await addWorker(t.app, scenario)
    const listed = async () =>
      ((await worker.get('endworker/tasks/')).json() as TaskListBody).results.map((task) => task.id)
    /** Takes one item, finishes it and lets the lock expire. */
    const doOneItem = async () => {
      const claim = await worker.post(claimPath(scenario.task.id))
      expect(claim.statusCode).toBe(201)
      const set = claim.json() as { id: number; items: { id: number }[] }
      await t.db.insert(annotations).values({
        itemId: set.items[0]!.id,
        itemSetId: set.id,
        userId: worker.user.id,
        isDone: true,
      })
      return set.id
    }
    const expire = (itemSetId: number) =>
      t.db
        .update(itemSets)
        .set({ lockExpiration: new Date(Date.now() - 1000) })
        .where(eq(itemSets.id, itemSetId))
    await expire(await doOneItem())
    expect(await listed()).toContain(scenario.task.id)
    const second = await doOneItem()
    // The share is used, but the open set keeps the task listed.
    expect(await listed()).toContain(scenario.task.id)
    await expire(second)
    expect(await listed()).not.toContain(scenario.task.id)
    const refused = await worker.post(claimPath(scenario.task.id))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toMatch(/reached your share/)
  })

  it('takes the task’s own max_items_per_user over the type’s percent', async () => {
    const scenario = await seedScenario(t.db, { items: 4, task: { maxItemsPerUser: 1 } })
    const worker = await addWorker(t.app, scenario)
    const response = await worker.post(claimPath(scenario.task.id))
    expect(response.json().items_count).toBe(1)
  })

  it('refuses users without the endworker permission', async () => {
    const client = await signIn(t, { roles: ['reviewer'] })
    expect((await client.get('endworker/tasks/')).statusCode).toBe(403)
  })
})

describe('GET /api/endworker/tasks/: what a task shows', () => {
  it('gives counts, progress, the protocol read state and the open item set', async () => {
    const scenario = await seedScenario(t.db, {
      items: 4,
      type: { annotationsPerItem: 2, itemsPerSet: 3, name: 'Listening' },
    })
    const other = await addWorker(t.app, scenario)
    const [otherSet] = await t.db
      .insert(itemSets)
      .values({ taskId: scenario.task.id, userId: other.user.id })
      .returning()
    // Item 0 is done twice (full), item 1 once by `worker` below.
    const worker = await addWorker(t.app, scenario, { confirmedProtocol: false })
    const [workerSet] = await t.db
      .insert(itemSets)
      .values({ taskId: scenario.task.id, userId: worker.user.id })
      .returning()
    await t.db.insert(annotations).values([
      {
        itemId: scenario.itemIds[0]!,
        itemSetId: otherSet!.id,
        userId: other.user.id,
        isDone: true,
      },
      {
        itemId: scenario.itemIds[0]!,
        itemSetId: workerSet!.id,
        userId: worker.user.id,
        isDone: true,
      },
      {
        itemId: scenario.itemIds[1]!,
        itemSetId: workerSet!.id,
        userId: worker.user.id,
        isDone: true,
      },
    ])
    const response = await worker.get('endworker/tasks/')
    const task = response.json().results.find((row: { id: number }) => row.id === scenario.task.id)
    expect(task).toMatchObject({
      id: scenario.task.id,
      description: scenario.task.description,
      task_type: { id: scenario.taskType.id, name: 'Listening' },
      base_language: { id: scenario.languages.en, code: 'en', name: 'English' },
      target_language: { id: scenario.languages.pl, code: 'pl', name: 'Polish' },
      settle_target_lang: true,
      protocol: { id: scenario.protocolId, version: 1, read: false },
      items_total: 4,
      // Items 2 and 3; item 0 is full and item 1 is the worker's.
      items_available_for_me: 2,
      my_done: 2,
      // 3 of 8 annotations.
      progress: 37.5,
      my_open_item_set: null,
    })
    await t.db.update(tasks).set({ description: 'renamed' }).where(eq(tasks.id, scenario.task.id))
    const lock = new Date(Date.now() + 60_000)
    await t.db.update(itemSets).set({ lockExpiration: lock }).where(eq(itemSets.id, workerSet!.id))
    const again = (await worker.get('endworker/tasks/')).json()
    expect(
      again.results.find((row: { id: number }) => row.id === scenario.task.id).my_open_item_set,
    ).toEqual({ id: workerSet!.id, lock_expiration_timestamp: lock.toISOString() })
  })
})
