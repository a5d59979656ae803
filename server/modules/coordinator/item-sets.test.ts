import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  itemSetItems,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  type Scenario,
  seedScenario,
  type WorkerClient,
} from '../worker-tasks/test-fixtures'

let t: TestApp
let scenario: Scenario
let coordinator: SignedInClient
let managedGroupId: number
/** Workers of the coordinated group, of a group it manages, and of a foreign group. */
let own: WorkerClient
let managed: WorkerClient
let foreign: WorkerClient
const setOf = new Map<WorkerClient, number>()

beforeAll(async () => {
  t = await createTestApp()
  scenario = await seedScenario(t.db, { items: 8, type: { itemsPerSet: 2 } })
  const [coordinated, managedGroup, foreignGroup] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'coordinated', coordinationGroup: true, taskGroup: false },
      { name: 'managed', taskGroup: false },
      { name: 'foreign', taskGroup: false },
    ])
    .returning()
  managedGroupId = managedGroup!.id
  await t.db
    .insert(coordinationManagedGroups)
    .values({ coordinationGroupId: coordinated!.id, managedGroupId })
  coordinator = await signIn(t, { roles: ['coordinator'] })
  await t.db
    .insert(groupCoordinators)
    .values({ groupId: coordinated!.id, userId: coordinator.user.id })
  own = await addWorker(t.app, scenario)
  managed = await addWorker(t.app, scenario)
  foreign = await addWorker(t.app, scenario)
  await t.db.insert(endworkerGroupMembers).values([
    { groupId: coordinated!.id, userId: own.user.id },
    { groupId: managedGroupId, userId: managed.user.id },
    { groupId: foreignGroup!.id, userId: foreign.user.id },
  ])
  for (const worker of [own, managed, foreign]) {
    const claim = await worker.post(claimPath(scenario.task.id))
    setOf.set(worker, claim.json().id)
  }
  const ownSet = setOf.get(own)!
  await own.put(
    annotationPath(ownSet, scenario.itemIds[0]!),
    annotationBody({ transcript: 'done' }, { isDone: true }),
  )
})
afterAll(() => t.close())

type ListBody = {
  count: number
  next: string | null
  previous: string | null
  results: { id: number; user: { id: number } }[]
}
const list = async (client: SignedInClient, query: Record<string, string> = {}) => {
  const response = await client.get('coordinator/item-sets/', { query })
  expect(response.statusCode).toBe(200)
  return response.json() as ListBody
}
const ids = (body: ListBody) => body.results.map((row) => row.id).sort((a, b) => a - b)

describe('GET /api/coordinator/item-sets/', () => {
  it('lists the sets of the coordinator’s workers only, with their progress', async () => {
    const body = await list(coordinator)
    expect(body.count).toBe(2)
    expect(ids(body)).toEqual([setOf.get(own), setOf.get(managed)].sort((a, b) => a! - b!))
    const ownRow = body.results.find((row) => row.id === setOf.get(own))
    expect(ownRow).toMatchObject({
      task: { id: scenario.task.id, description: scenario.task.description },
      user: { id: own.user.id, username: own.user.username, first_name: '', last_name: '' },
      items_done: 1,
      items_all: 2,
      progress: 50,
      is_locked: true,
    })
  })

  it('lists every handed-out set for staff, and never the fixed sets an upload defines', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    expect(ids(await list(staff))).toEqual([...setOf.values()].sort((a, b) => a - b))
  })

  it('filters by coordination group, searches, orders and pages', async () => {
    expect(ids(await list(coordinator, { coordination_group: String(managedGroupId) }))).toEqual([
      setOf.get(managed),
    ])
    expect(ids(await list(coordinator, { search: own.user.username.toUpperCase() }))).toEqual([
      setOf.get(own),
    ])
    // A number finds the set of that id (and text containing it).
    expect(ids(await list(coordinator, { search: String(setOf.get(managed)) }))).toContain(
      setOf.get(managed),
    )
    expect(ids(await list(coordinator, { search: 'no such thing' }))).toEqual([])
    const byProgress = await list(coordinator, { ordering: '-progress' })
    expect(byProgress.results.map((row) => row.id)).toEqual([setOf.get(own), setOf.get(managed)])
    const first = await list(coordinator, { ordering: 'id', page_size: '1' })
    expect(first.results.map((row) => row.id)).toEqual([
      Math.min(setOf.get(own)!, setOf.get(managed)!),
    ])
    expect(first.previous).toBeNull()
    expect(first.next).toMatch(/page=2/)
    const second = await list(coordinator, { ordering: 'id', page_size: '1', page: '2' })
    expect(second.next).toBeNull()
    expect(second.previous).toMatch(/page=1/)
    const refused = await coordinator.get('coordinator/item-sets/', { query: { ordering: 'x' } })
    expect(refused.statusCode).toBe(400)
  })

  it('refuses workers', async () => {
    expect((await own.get('coordinator/item-sets/')).statusCode).toBe(403)
  })
})

describe('PATCH /api/coordinator/item-sets/{id}/', () => {
  it('ends a lock: the worker keeps their done items, the rest goes back at once', async () => {
    const setId = setOf.get(own)!
    const now = new Date().toISOString()
    const response = await coordinator.patch(`coordinator/item-sets/${setId}/`, {
      lock_expiration_timestamp: now,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: setId,
      is_locked: false,
      items_done: 1,
      items_all: 2,
      progress: 50,
    })
    expect(new Date(response.json().lock_expiration_timestamp).getTime()).toBeLessThanOrEqual(
      Date.now(),
    )
    const slots = await t.db.select().from(itemSetItems).where(eq(itemSetItems.itemSetId, setId))
    expect(slots.map((slot) => slot.itemId)).toEqual([scenario.itemIds[0]])
    const view = (await own.get(`endworker/item-sets/${setId}/`)).json()
    expect(view).toMatchObject({ expired: true, items_count: 1 })
    const save = await own.put(
      annotationPath(setId, scenario.itemIds[0]!),
      annotationBody({ transcript: 'late' }),
    )
    expect(save.statusCode).toBe(410)
    // The released item is the first a new worker gets.
    const next = await addWorker(t.app, scenario)
    const claim = (await next.post(claimPath(scenario.task.id))).json()
    expect(claim.items[0].id).toBe(scenario.itemIds[1])
  })

  it('accepts only now or earlier, and only sets of the coordinator’s workers', async () => {
    const setId = setOf.get(managed)!
    const future = await coordinator.patch(`coordinator/item-sets/${setId}/`, {
      lock_expiration_timestamp: new Date(Date.now() + 3_600_000).toISOString(),
    })
    expect(future.statusCode).toBe(400)
    expect(future.json().fields).toHaveProperty('lock_expiration_timestamp')
    const outOfScope = await coordinator.patch(`coordinator/item-sets/${setOf.get(foreign)}/`, {
      lock_expiration_timestamp: new Date().toISOString(),
    })
    expect(outOfScope.statusCode).toBe(404)
    const still = await list(coordinator, { coordination_group: String(managedGroupId) })
    expect(still.results[0]).toMatchObject({ is_locked: true })
  })

  it('keeps the counts of a set whose lock ended with nothing done: 0 of the items it held', async () => {
    const setId = setOf.get(managed)!
    const ended = await coordinator.patch(`coordinator/item-sets/${setId}/`, {
      lock_expiration_timestamp: new Date().toISOString(),
    })
    expect(ended.json()).toMatchObject({
      items_done: 0,
      items_all: 2,
      progress: 0,
      is_locked: false,
    })
    const slots = await t.db.select().from(itemSetItems).where(eq(itemSetItems.itemSetId, setId))
    expect(slots).toEqual([])
    const listed = await list(coordinator, { coordination_group: String(managedGroupId) })
    expect(listed.results[0]).toMatchObject({ id: setId, items_done: 0, items_all: 2 })
  })
})
