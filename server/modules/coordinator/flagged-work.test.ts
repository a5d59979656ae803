import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  itemSets as itemSetsTable,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import { sendRecentActivity } from '../quality/test-fixtures'
import {
  addWorker,
  annotationBody,
  annotationPath,
  type ClaimedSet,
  claimPath,
  type Scenario,
  seedScenario,
  type WorkerClient,
} from '../worker-tasks/test-fixtures'

let t: TestApp
let scenario: Scenario
let coordinator: SignedInClient
/** `idle` and `foreign` finish work without any activity; `busy` after the tracker's send. */
let idle: ClaimedSet
let busy: ClaimedSet
let foreign: ClaimedSet

async function claim(worker: WorkerClient): Promise<ClaimedSet> {
  const response = await worker.post(claimPath(scenario.task.id))
  expect(response.statusCode).toBe(201)
  const set = response.json() as { id: number; items: { id: number }[] }
  return { scenario, worker, setId: set.id, itemIds: set.items.map((item) => item.id) }
}

async function finish(claimed: ClaimedSet, itemId: number) {
  const response = await claimed.worker.put(
    annotationPath(claimed.setId, itemId),
    annotationBody({ transcript: 'done' }, { isDone: true }),
  )
  expect(response.statusCode).toBe(200)
  return response
}

beforeAll(async () => {
  t = await createTestApp()
  // Two items must take at least a minute each: the second of a quick pair is also TOO_FAST.
  scenario = await seedScenario(t.db, { items: 6, type: { itemsPerSet: 2, minSecondsPerItem: 60 } })
  const [coordinated, foreignGroup] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'flags-coordinated', coordinationGroup: true, taskGroup: false },
      { name: 'flags-foreign', taskGroup: false },
    ])
    .returning()
  coordinator = await signIn(t, { roles: ['coordinator'] })
  await t.db
    .insert(groupCoordinators)
    .values({ groupId: coordinated!.id, userId: coordinator.user.id })
  const workers = await Promise.all([1, 2, 3].map(() => addWorker(t.app, scenario)))
  await t.db.insert(endworkerGroupMembers).values([
    { groupId: coordinated!.id, userId: workers[0]!.user.id },
    { groupId: coordinated!.id, userId: workers[1]!.user.id },
    { groupId: foreignGroup!.id, userId: workers[2]!.user.id },
  ])
  idle = await claim(workers[0]!)
  busy = await claim(workers[1]!)
  foreign = await claim(workers[2]!)
  // The sets were handed out five minutes ago: only a second item done at once is too fast.
  await t.db
    .update(itemSetsTable)
    .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
    .where(inArray(itemSetsTable.id, [idle.setId, busy.setId]))
  for (const itemId of idle.itemIds) await finish(idle, itemId)
  await sendRecentActivity(busy)
  await finish(busy, busy.itemIds[0]!)
  await finish(foreign, foreign.itemIds[0]!)
})
afterAll(() => t.close())

type ItemSetRow = {
  id: number
  flagged_items: number
  flags: { NO_ACTIVITY: number; TOO_FAST: number }
}
const itemSets = async (client: SignedInClient, query: Record<string, string> = {}) => {
  const response = await client.get('coordinator/item-sets/', { query })
  expect(response.statusCode).toBe(200)
  return (response.json() as { results: ItemSetRow[] }).results
}

describe('flagged work for the coordinator', () => {
  it('filters the item sets of their groups to those with flagged work, with the flag counts', async () => {
    const flagged = await itemSets(coordinator, { flagged: 'true' })
    expect(flagged).toEqual([
      expect.objectContaining({
        id: idle.setId,
        flagged_items: 2,
        flags: { NO_ACTIVITY: 2, TOO_FAST: 1 },
      }),
    ])
    const clean = await itemSets(coordinator, { flagged: 'false' })
    expect(clean.map((row) => row.id)).toEqual([busy.setId])
    expect(clean[0]).toMatchObject({ flagged_items: 0, flags: { NO_ACTIVITY: 0, TOO_FAST: 0 } })
  })

  it('shows staff the flagged work of every group', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    const flagged = await itemSets(staff, { flagged: 'true' })
    const ids = flagged.map((row) => row.id)
    expect(ids).toContain(idle.setId)
    expect(ids).toContain(foreign.setId)
    expect(ids).not.toContain(busy.setId)
  })

  it('refuses a filter value that is not a flag, naming the field', async () => {
    const response = await coordinator.get('coordinator/item-sets/', {
      query: { flagged: 'maybe' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(['flagged'])
  })

  it('counts flagged items per user on the users list, for the users of their groups only', async () => {
    const response = await coordinator.get('coordinator/users/', { query: { limit: '50' } })
    expect(response.statusCode).toBe(200)
    const rows = (response.json() as { results: { id: number; flagged_items: number }[] }).results
    const counts = Object.fromEntries(rows.map((row) => [row.id, row.flagged_items]))
    expect(counts).toEqual({ [idle.worker.user.id]: 2, [busy.worker.user.id]: 0 })
  })

  it('never lets a worker see flags or the coordinator’s lists', async () => {
    const answers = [
      await idle.worker.get(`endworker/item-sets/${idle.setId}/`),
      await finish(idle, idle.itemIds[1]!),
      await idle.worker.get('endworker/tasks/'),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.body).not.toMatch(/flag|NO_ACTIVITY|TOO_FAST/i)
    }
    expect((await idle.worker.get('coordinator/item-sets/')).statusCode).toBe(403)
    expect((await idle.worker.get('coordinator/users/')).statusCode).toBe(403)
  })
})
