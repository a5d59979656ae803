import { eq, inArray, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, idempotencyKeys, items } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  idempotencyHeaders,
  seedClaimedSet,
  seedScenario,
} from './test-fixtures'

/**
 * Saves racing on PostgreSQL through real parallel connections. The usual save is one statement
 * outside a transaction; what it cannot decide alone (a key sent twice at once) must come out as
 * exactly as the transaction would. PGlite runs one statement at a time: PostgreSQL only.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('saves racing on PostgreSQL', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('stores a save sent twice at once under one key once, and answers both alike', async () => {
    const { worker, setId, itemIds } = await seedClaimedSet(t.app)
    const path = annotationPath(setId, itemIds[0]!)
    // The set's first save reads what saves validate against; the racing ones need not.
    expect((await worker.put(path, annotationBody({ transcript: 'first' }))).statusCode).toBe(200)
    for (let round = 0; round < 5; round++) {
      const headers = idempotencyHeaders()
      const body = annotationBody(
        { transcript: `round ${round}` },
        { at: new Date(Date.now() + 1000 * (round + 1)), isDone: round % 2 === 0 },
      )
      const answers = await Promise.all([
        worker.put(path, body, { headers }),
        worker.put(path, body, { headers }),
      ])
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
      expect(answers[0]!.json()).toEqual(answers[1]!.json())
      expect(answers[0]!.json()).toMatchObject({
        applied: true,
        data: { transcript: `round ${round}` },
      })
      const replays = answers.map((answer) => answer.headers['idempotent-replay'] ?? 'no')
      expect(replays.sort()).toEqual(['no', 'true'])
      const keys = await t.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, headers['idempotency-key']))
      expect(keys).toHaveLength(1)
    }
  })

  it('keeps every save of many workers saving at once, each under its key', async () => {
    const scenario = await seedScenario(t.db, { items: 60, type: { itemsPerSet: 2 } })
    const workers = await Promise.all(Array.from({ length: 30 }, () => addWorker(t.app, scenario)))
    const sets: { id: number; items: { id: number }[] }[] = []
    for (const worker of workers) sets.push((await worker.post(claimPath(scenario.task.id))).json())
    const saves = workers.flatMap((worker, n) =>
      sets[n]!.items.map((item) => ({
        worker,
        path: annotationPath(sets[n]!.id, item.id),
        headers: idempotencyHeaders(),
      })),
    )
    const answers = await Promise.all(
      saves.map((save) =>
        save.worker.put(save.path, annotationBody({ transcript: 'x' }, { isDone: true }), {
          headers: save.headers,
        }),
      ),
    )
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    const stored = await t.db
      .select()
      .from(annotations)
      .where(
        inArray(
          annotations.itemSetId,
          sets.map((set) => set.id),
        ),
      )
    expect(stored).toHaveLength(60)
    expect(stored.every((row) => row.isDone)).toBe(true)
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          saves.map((save) => save.headers['idempotency-key']),
        ),
      )
    expect(keys).toHaveLength(60)
    expect(keys.every((key) => key.statusCode === 200)).toBe(true)
  })

  it('answers cleanly two different saves at once under one key that deadlock', async () => {
    const { worker, setId, itemIds } = await seedClaimedSet(t.app)
    const itemId = itemIds[0]!
    const path = annotationPath(setId, itemId)
    const start = Date.now()
    const at = (seconds: number) => new Date(start + seconds * 1000)
    expect(
      (await worker.put(path, annotationBody({ transcript: 'b' }, { at: at(2) }))).statusCode,
    ).toBe(200)
    const headers = idempotencyHeaders()
    const waiting = async (count: number) => {
      for (;;) {
        const { rows } = (await t.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
          rows: { n: number }[]
        }
        if (rows[0]!.n >= count) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const saves: Promise<LightMyRequestResponse>[] = []
    // An older edit goes through the save's transaction, which takes the key first and then
    // the annotation; holding the item stops it between the two. A newer edit is one statement,
    // which takes the annotation first and the key last: each then waits for the other.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${items} where id = ${itemId} for no key update`)
      const older = annotationBody({ transcript: 'a' }, { at: at(1) })
      saves.push(worker.put(path, older, { headers }))
      await waiting(1)
      const newer = annotationBody({ transcript: 'c' }, { at: at(3) })
      saves.push(worker.put(path, newer, { headers }))
      await waiting(2)
    })
    const answers = await Promise.all(saves)
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422])
    const refused = answers.find((answer) => answer.statusCode === 422)!
    expect(refused.json().code).toBe('idempotency_key_reused')
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, headers['idempotency-key']))
    expect(keys.map((key) => key.statusCode)).toEqual([200])
  })
})
