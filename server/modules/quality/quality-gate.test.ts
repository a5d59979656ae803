import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupCoordinators, itemSets, qualityStops } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import { annotationBody, annotationPath, claimPath } from '../worker-tasks/test-fixtures'
import { type GoldSet, seedGoldSet } from './test-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const EXPECTED = { transcript: 'hello world' }
let edits = 0

/** The worker marks the item done with this transcript, each edit newer than the one before. */
async function answer(set: GoldSet, itemId: number, transcript: string) {
  edits += 1
  const response = await set.worker.put(
    annotationPath(set.setId, itemId),
    annotationBody({ transcript }, { isDone: true, at: new Date(Date.now() + edits) }),
  )
  expect(response.statusCode).toBe(200)
}

const stopsOf = (userId: number) =>
  t.db.select().from(qualityStops).where(eq(qualityStops.userId, userId))

/** Gold makes half of each set of four; the gate asks 75 % over at least two gold answers. */
const gatedSet = () =>
  seedGoldSet(t.app, {
    ordinary: 6,
    gold: 4,
    expected: EXPECTED,
    type: { itemsPerSet: 4, goldShare: 50, minGoldAccuracy: 0.75, minGoldAnswers: 2 },
  })

async function coordinatorOf(set: GoldSet): Promise<SignedInClient> {
  const coordinator = await signIn(t, { roles: ['coordinator'] })
  await t.db
    .insert(groupCoordinators)
    .values({ groupId: set.scenario.taskGroupId, userId: coordinator.user.id })
  return coordinator
}

async function expireSet(setId: number) {
  await t.db
    .update(itemSets)
    .set({ lockExpiration: new Date(Date.now() - 1000) })
    .where(eq(itemSets.id, setId))
}

type TaskCard = {
  id: number
  items_available_for_me: number
  stop: { reason: string; accuracy: number } | null
}
async function cardOf(set: GoldSet) {
  const list = (await set.worker.get('endworker/tasks/')).json() as { results: TaskCard[] }
  return list.results.find((task) => task.id === set.scenario.task.id)
}

describe('the quality gate', () => {
  it('stops a worker below the accuracy once they gave enough gold answers, once', async () => {
    const set = await gatedSet()
    expect(set.goldIds).toHaveLength(2)
    await answer(set, set.goldIds[0]!, 'something else')
    // One gold answer: fewer than min_gold_answers, whatever the accuracy.
    expect(await stopsOf(set.worker.user.id)).toEqual([])
    const before = await cardOf(set)
    expect(before?.stop).toBeNull()
    expect(before?.items_available_for_me).toBeGreaterThan(0)

    await answer(set, set.goldIds[1]!, 'hello world')
    // Two answers, one right: 50 % < 75 %.
    const [stop, ...more] = await stopsOf(set.worker.user.id)
    expect(more).toEqual([])
    expect(stop).toMatchObject({
      taskTypeId: set.scenario.taskType.id,
      accuracy: 0.5,
      goldAnswers: 2,
      releasedAt: null,
    })
    // Answering again while stopped stops no more.
    await answer(set, set.goldIds[0]!, 'still wrong')
    expect(await stopsOf(set.worker.user.id)).toHaveLength(1)

    expect(await cardOf(set)).toMatchObject({
      stop: { reason: 'LOW_QUALITY', accuracy: 0.5 },
      items_available_for_me: 0,
    })
    // The set they hold stays theirs; no new one after it.
    expect((await set.worker.post(claimPath(set.scenario.task.id))).statusCode).toBe(200)
    await expireSet(set.setId)
    const refused = await set.worker.post(claimPath(set.scenario.task.id))
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('quality_stopped')
  })

  it('leaves workers alone without min_gold_accuracy, and above it', async () => {
    const off = await seedGoldSet(t.app, {
      ordinary: 4,
      gold: 2,
      expected: EXPECTED,
      type: { itemsPerSet: 4, minGoldAnswers: 1 },
    })
    for (const goldId of off.goldIds) await answer(off, goldId, 'wrong')
    expect(await stopsOf(off.worker.user.id)).toEqual([])

    const good = await gatedSet()
    await answer(good, good.goldIds[0]!, 'hello world')
    await answer(good, good.goldIds[1]!, 'hello  world')
    expect(await stopsOf(good.worker.user.id)).toEqual([])
  })

  it('alerts the worker’s coordinators, who let them back in', async () => {
    const set = await gatedSet()
    for (const goldId of set.goldIds) await answer(set, goldId, 'wrong')
    const coordinator = await coordinatorOf(set)
    const stranger = await signIn(t, { roles: ['coordinator'] })
    const userId = set.worker.user.id

    const listed = await coordinator.get('coordinator/users/', { query: { id: String(userId) } })
    expect(listed.json().results[0].alerts).toContain('LOW_QUALITY')
    expect((await coordinator.get('coordinator/counters/')).json().users_with_alerts).toBe(1)
    const stops = await coordinator.get(`coordinator/users/${userId}/quality-stops/`)
    expect(stops.json()).toEqual([
      expect.objectContaining({
        task_type: { id: set.scenario.taskType.id, name: set.scenario.taskType.name },
        accuracy: 0,
        gold_answers: 2,
        released_by: null,
        released_timestamp: null,
      }),
    ])

    const release = `coordinator/users/${userId}/quality-release/`
    const body = { task_type: set.scenario.taskType.id }
    // Only coordinators of the worker's groups and staff: others do not see the worker.
    expect((await stranger.get(`coordinator/users/${userId}/quality-stops/`)).statusCode).toBe(404)
    expect((await stranger.post(release, body)).statusCode).toBe(404)
    expect((await set.worker.post(release, body)).statusCode).toBe(403)
    expect((await coordinator.post(release, { task_type: 'x' })).statusCode).toBe(400)

    const released = await coordinator.post(release, body)
    expect(released.statusCode).toBe(200)
    expect(released.json()[0]).toMatchObject({
      released_by: { id: coordinator.user.id, username: coordinator.user.username },
      released_timestamp: expect.any(String),
    })
    expect((await coordinator.post(release, body)).statusCode).toBe(404)
    const after = await coordinator.get('coordinator/users/', { query: { id: String(userId) } })
    expect(after.json().results[0].alerts).not.toContain('LOW_QUALITY')
    expect((await cardOf(set))?.stop).toBeNull()

    // Released, the worker works again and is judged afresh: the old answers no longer count.
    await expireSet(set.setId)
    const next = await set.worker.post(claimPath(set.scenario.task.id))
    expect(next.statusCode).toBe(201)
    const goldIds = (next.json().items as { id: number }[])
      .map((item) => item.id)
      .filter((id) => set.scenario.itemIds.slice(6).includes(id))
    const again: GoldSet = { ...set, setId: next.json().id, goldIds }
    await answer(again, goldIds[0]!, 'wrong')
    expect((await stopsOf(userId)).filter((stop) => stop.releasedAt === null)).toEqual([])
  })

  it('lets staff release any worker', async () => {
    const set = await gatedSet()
    for (const goldId of set.goldIds) await answer(set, goldId, 'wrong')
    const staff = await signIn(t, { roles: ['staff'] })
    const response = await staff.post(`coordinator/users/${set.worker.user.id}/quality-release/`, {
      task_type: set.scenario.taskType.id,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()[0].released_by.id).toBe(staff.user.id)
  })
})
