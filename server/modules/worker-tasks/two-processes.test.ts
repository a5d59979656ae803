import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../contract/constants'
import { type DatabaseHandle, migrateDatabase } from '../../db/client'
import { annotations, itemSetItems, itemSets } from '../../db/schema'
import { createScratchDatabase } from '../../test/scratch-database'
import {
  freePort,
  type ServerProcess,
  serverProcessEnv,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process'
import { createSession } from '../auth/session-store'
import { newToken } from '../auth/tokens'
import {
  annotationBody,
  annotationPath,
  claimPath,
  type Scenario,
  seedScenario,
  seedWorker,
} from './test-fixtures'

/**
 * Two API processes on one PostgreSQL database, as behind a load balancer: workers claim and
 * save at the same time through both, each request going to either process. No slot may be
 * handed out twice and every save must be stored exactly once, retries included. The embedded
 * database belongs to one process, so this runs on PostgreSQL only.
 */

const WORKERS = 40
/** 30 items × 2 annotations: 60 slots of 3 items for 40 workers asking for 3 each. */
const ITEMS = 30
const PER_ITEM = 2
const PER_SET = 3

type Session = { headers: (idempotencyKey?: string) => Record<string, string> }

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two API processes', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  let servers: ServerProcess[] = []
  let scenario: Scenario
  let sessions: Session[]

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, { prefix: 'two_procs' })
    database = scratch.database
    drop = scratch.drop
    await migrateDatabase(database)
    scenario = await seedScenario(database.db, {
      items: ITEMS,
      type: { itemsPerSet: PER_SET, annotationsPerItem: PER_ITEM },
    })
    sessions = await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const worker = await seedWorker(database.db, scenario)
        const token = await createSession(database.db, {
          userId: worker.id,
          ttlHours: 1,
          userAgent: 'two-processes test',
          address: '127.0.0.1',
        })
        const csrf = newToken()
        return {
          headers: (idempotencyKey?: string) => ({
            cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`,
            [CSRF_HEADER]: csrf,
            ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
          }),
        }
      }),
    )
    const ports = [await freePort(), await freePort()]
    // Both processes answer for one public address, as they would behind a load balancer.
    const publicOrigins = ports.map((port) => `http://127.0.0.1:${port}`).join(',')
    servers = await Promise.all(
      ports.map((port) =>
        startServerProcess(
          serverProcessEnv(port, { DATABASE_URL: scratch.url, PUBLIC_ORIGIN: publicOrigins }),
        ),
      ),
    )
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server, 'SIGTERM')))
    await drop?.()
  })

  const call = (server: ServerProcess, method: string, path: string, init: RequestInit) =>
    fetch(`${server.base}${API_BASE}/${path}`, { method, ...init })

  it('never hand out a slot twice and store every save once', async () => {
    // Every worker claims at once, half of them through each process.
    const claims = await Promise.all(
      sessions.map(async (session, index) => {
        const response = await call(servers[index % 2]!, 'POST', claimPath(scenario.task.id), {
          headers: session.headers(randomUUID()),
        })
        return {
          session,
          index,
          status: response.status,
          set: (await response.json()) as { id: number; items: { id: number }[] },
        }
      }),
    )
    const claimed = claims.filter((claim) => claim.status === 201)
    expect(claims.every((claim) => [201, 409].includes(claim.status))).toBe(true)

    const slots = await database.db
      .select({ itemId: itemSetItems.itemId, userId: itemSets.userId, setId: itemSets.id })
      .from(itemSetItems)
      .innerJoin(itemSets, eq(itemSets.id, itemSetItems.itemSetId))
      .where(eq(itemSets.taskId, scenario.task.id))
    // Capacity filled exactly, no item beyond its annotations, none twice to one worker.
    expect(slots).toHaveLength(ITEMS * PER_ITEM)
    const holders = new Map<number, number[]>()
    for (const slot of slots)
      holders.set(slot.itemId, [...(holders.get(slot.itemId) ?? []), slot.userId!])
    for (const users of holders.values()) {
      expect(users).toHaveLength(PER_ITEM)
      expect(new Set(users).size).toBe(PER_ITEM)
    }
    expect(claimed.flatMap((claim) => claim.set.items)).toHaveLength(slots.length)

    // Each worker saves every item of its set through one process, and the same save again (a
    // retry after a lost answer, same idempotency key) through the other, all at once.
    const saves = claimed.flatMap(({ session, index, set }) =>
      set.items.map((item) => ({
        session,
        index,
        setId: set.id,
        itemId: item.id,
        key: randomUUID(),
        body: annotationBody({ transcript: `set ${set.id} item ${item.id}`, ok: 'true' }),
      })),
    )
    const answers = await Promise.all(
      saves.flatMap((save) =>
        [0, 1].map((attempt) =>
          call(
            servers[(save.index + attempt) % 2]!,
            'PUT',
            annotationPath(save.setId, save.itemId),
            {
              headers: { ...save.session.headers(save.key), 'content-type': 'application/json' },
              body: JSON.stringify({ ...save.body, is_done: true }),
            },
          ).then((response) => response.status),
        ),
      ),
    )
    expect(answers.filter((status) => status !== 200)).toEqual([])

    const stored = await database.db
      .select({ setId: annotations.itemSetId, itemId: annotations.itemId, data: annotations.data })
      .from(annotations)
      .innerJoin(itemSets, eq(itemSets.id, annotations.itemSetId))
      .where(eq(itemSets.taskId, scenario.task.id))
    expect(stored).toHaveLength(saves.length)
    const storedBySlot = new Map(stored.map((row) => [`${row.setId}/${row.itemId}`, row.data]))
    for (const save of saves) {
      expect(storedBySlot.get(`${save.setId}/${save.itemId}`)).toEqual(save.body.data)
    }
  }, 120_000)
})
