import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { itemSetItems, itemSets, items } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  addWorker,
  claimPath,
  clientFor,
  type Scenario,
  type ScenarioOptions,
  seedScenario,
  seedWorker,
  type WorkerClient,
} from './test-fixtures'

/**
 * Claims racing on PostgreSQL through real parallel connections (the harness opens a pool of 20).
 * PGlite is a single connection that runs one transaction at a time, so claims there cannot
 * race and these tests would prove nothing: they run on PostgreSQL only.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('claims racing on PostgreSQL', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  async function workers(scenario: Scenario, count: number, app: FastifyInstance = t.app) {
    const clients: WorkerClient[] = []
    for (let n = 0; n < count; n++) clients.push(await addWorker(app, scenario))
    return clients
  }

  /** Every slot of the task's handed-out sets: item, set and worker. */
  async function slotsOf(taskId: number) {
    return t.db
      .select({ itemId: itemSetItems.itemId, itemSetId: itemSets.id, userId: itemSets.userId })
      .from(itemSetItems)
      .innerJoin(itemSets, eq(itemSets.id, itemSetItems.itemSetId))
      .where(eq(itemSets.taskId, taskId))
  }

  function expectNoSharedSlots(slots: Awaited<ReturnType<typeof slotsOf>>, perItem: number) {
    const holders = new Map<number, number[]>()
    for (const slot of slots)
      holders.set(slot.itemId, [...(holders.get(slot.itemId) ?? []), slot.userId!])
    for (const users of holders.values()) {
      expect(users.length).toBeLessThanOrEqual(perItem)
      // Never twice to one worker.
      expect(new Set(users).size).toBe(users.length)
    }
    return holders
  }

  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1
      return counts
    }, {})

  async function raceClaims(scenario: Scenario, clients: WorkerClient[]) {
    const responses = await Promise.all(
      clients.map((client) => client.post(claimPath(scenario.task.id))),
    )
    return responses
  }

  it('100 simultaneous claimers of single items fill the capacity exactly, no slot twice', async () => {
    // 40 items × 2 annotations: 80 slots for 100 workers.
    const scenario = await seedScenario(t.db, {
      items: 40,
      type: { itemsPerSet: 1, annotationsPerItem: 2 },
    })
    const clients = await workers(scenario, 100)
    const responses = await raceClaims(scenario, clients)
    expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
      201: 80,
      409: 20,
    })
    const slots = await slotsOf(scenario.task.id)
    expect(slots).toHaveLength(80)
    const holders = expectNoSharedSlots(slots, 2)
    expect(holders.size).toBe(40)
    expect(new Set(slots.map((slot) => slot.userId)).size).toBe(80)
  })

  it('100 simultaneous claimers of several items never exceed capacity; what is left is claimable', async () => {
    const options: ScenarioOptions = {
      items: 30,
      type: { itemsPerSet: 3, annotationsPerItem: 2 },
    }
    const scenario = await seedScenario(t.db, options)
    const responses = await raceClaims(scenario, await workers(scenario, 100))
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true)
    for (const response of responses.filter((r) => r.statusCode === 201)) {
      const ids = response.json().items.map((item: { id: number }) => item.id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBeGreaterThanOrEqual(1)
      expect(ids.length).toBeLessThanOrEqual(3)
    }
    expectNoSharedSlots(await slotsOf(scenario.task.id), 2)
    // Under contention a set may get fewer than items_per_set items: later workers take the rest,
    // and the capacity (60 slots) is reached exactly.
    for (let guard = 0; guard < 60; guard++) {
      const [late] = await workers(scenario, 1)
      if ((await late!.post(claimPath(scenario.task.id))).statusCode === 409) break
    }
    const slots = await slotsOf(scenario.task.id)
    expect(slots).toHaveLength(60)
    expectNoSharedSlots(slots, 2)
  })

  it('hands each fixed set to one of many simultaneous claimers, whole', async () => {
    const scenario = await seedScenario(t.db, {
      items: 60,
      type: { isFixedSets: true, itemsPerSet: 3 },
    })
    const responses = await raceClaims(scenario, await workers(scenario, 50))
    expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
      201: 20,
      409: 30,
    })
    const fixedSetOf = new Map(
      (
        await t.db
          .select({ id: items.id, fixedSetId: items.itemSetId })
          .from(items)
          .where(eq(items.taskId, scenario.task.id))
      ).map((item) => [item.id, item.fixedSetId]),
    )
    const handedOut = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().items.map((item: { id: number }) => item.id) as number[])
    const fixedSets = handedOut.map((ids) => {
      expect(ids).toHaveLength(3)
      const sets = new Set(ids.map((id) => fixedSetOf.get(id)))
      expect(sets.size).toBe(1)
      return [...sets][0]
    })
    expect(new Set(fixedSets).size).toBe(20)
  })

  describe('two API processes on one database', () => {
    let secondDatabase: DatabaseHandle
    let second: FastifyInstance

    beforeAll(async () => {
      const url = (t.database as Extract<DatabaseHandle, { kind: 'postgres' }>).pool.options
        .connectionString as string
      secondDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 20 })
      second = await buildApp({ config: t.app.config, database: secondDatabase })
      await second.ready()
    })
    afterAll(async () => {
      await second.close()
      await secondDatabase.close()
    })

    it('hand out every slot once when claims go to both', async () => {
      const scenario = await seedScenario(t.db, { items: 40, type: { itemsPerSet: 1 } })
      const clients: WorkerClient[] = []
      for (let n = 0; n < 60; n++) {
        const user = await seedWorker(t.db, scenario)
        clients.push(await clientFor(n % 2 === 0 ? t.app : second, user))
      }
      const responses = await raceClaims(scenario, clients)
      expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
        201: 40,
        409: 20,
      })
      const byApp = (app: FastifyInstance) =>
        responses.filter((response, n) => clients[n]!.app === app && response.statusCode === 201)
      expect(byApp(t.app).length).toBeGreaterThan(0)
      expect(byApp(second).length).toBeGreaterThan(0)
      const slots = await slotsOf(scenario.task.id)
      expect(slots).toHaveLength(40)
      expect(expectNoSharedSlots(slots, 1).size).toBe(40)
      const sets = await t.db.select().from(itemSets).where(eq(itemSets.taskId, scenario.task.id))
      expect(sets).toHaveLength(40)
    })
  })
})
