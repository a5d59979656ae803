import { randomUUID } from 'node:crypto'
import { eq, like, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCK_EXPIRED_DETAIL } from '../../contract/worker'
import type { DatabaseHandle } from '../db/client'
import { prepareRaw } from '../db/prepared'
import { idempotencyKeys, instanceSettings, users } from '../db/schema'
import { openTestDatabase } from '../test/harness'
import { HttpError } from './errors'
import {
  answerValues,
  type IdempotencyScope,
  idempotencyOf,
  insertAnswer,
  isKeyTaken,
  withIdempotency,
} from './idempotency'

let database: DatabaseHandle
let drop: () => Promise<void>
let userId: number

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  const [user] = await database.db.insert(users).values({ username: 'idempotent' }).returning()
  userId = user!.id
})
afterAll(() => drop())

const requestOf = (headers: Record<string, string>, body: unknown = { a: 1 }) =>
  ({
    headers,
    body,
    method: 'PUT',
    url: '/api/things/1/?x=1',
    user: { id: 7, username: 'u', roles: [], isActive: true, isSsoAccount: false },
  }) as unknown as FastifyRequest

describe('idempotencyOf', () => {
  it('reads the key, the user, method, path (without the query) and a hash of the body', () => {
    const key = randomUUID().toUpperCase()
    const scope = idempotencyOf(requestOf({ 'idempotency-key': key }))
    expect(scope).toMatchObject({
      key: key.toLowerCase(),
      userId: 7,
      method: 'PUT',
      path: '/api/things/1/',
    })
    const sameBody = idempotencyOf(requestOf({ 'idempotency-key': key }, { a: 1 }))
    const otherBody = idempotencyOf(requestOf({ 'idempotency-key': key }, { a: 2 }))
    expect(sameBody?.requestHash).toBe(scope?.requestHash)
    expect(otherBody?.requestHash).not.toBe(scope?.requestHash)
  })

  it('is null without the header and a 400 for a key that is not a UUID', () => {
    expect(idempotencyOf(requestOf({}))).toBeNull()
    expect(() => idempotencyOf(requestOf({ 'idempotency-key': 'abc' }))).toThrow(HttpError)
    try {
      idempotencyOf(requestOf({ 'idempotency-key': 'abc' }))
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400)
    }
  })
})

const scopeOf = (overrides: Partial<IdempotencyScope> = {}): IdempotencyScope => ({
  key: randomUUID(),
  userId,
  method: 'PUT',
  path: '/api/things/1/',
  requestHash: 'hash-1',
  ...overrides,
})

/** A write that leaves a trace: one instance setting per run, named after `name`. */
const writing =
  (name: string, runs: { count: number }, delayMs = 0) =>
  async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
    runs.count += 1
    await tx.insert(instanceSettings).values({ key: `${name}-${runs.count}`, value: runs.count })
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    return { status: 201, body: { run: runs.count } }
  }

const settingsNamed = (name: string) =>
  database.db
    .select()
    .from(instanceSettings)
    .where(like(instanceSettings.key, `${name}-%`))

describe('withIdempotency', () => {
  it('runs the work each time without a scope', async () => {
    const runs = { count: 0 }
    await withIdempotency(database.db, null, writing('plain', runs))
    const second = await withIdempotency(database.db, null, writing('plain', runs))
    expect(second).toEqual({ status: 201, body: { run: 2 }, replayed: false })
    expect(await settingsNamed('plain')).toHaveLength(2)
  })

  it('stores the first answer and replays it without running the work again', async () => {
    const runs = { count: 0 }
    const scope = scopeOf()
    const first = await withIdempotency(database.db, scope, writing('replayed', runs))
    expect(first).toEqual({ status: 201, body: { run: 1 }, replayed: false })
    const replay = await withIdempotency(database.db, scope, writing('replayed', runs))
    expect(replay).toEqual({ status: 201, body: { run: 1 }, replayed: true })
    expect(runs.count).toBe(1)
    expect(await settingsNamed('replayed')).toHaveLength(1)
    const [row] = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, scope.key))
    expect(row).toMatchObject({ userId, method: 'PUT', statusCode: 201, body: { run: 1 } })
  })

  it('keeps keys per user', async () => {
    const [other] = await database.db.insert(users).values({ username: 'other' }).returning()
    const runs = { count: 0 }
    const scope = scopeOf()
    await withIdempotency(database.db, scope, writing('per-user', runs))
    const theirs = await withIdempotency(
      database.db,
      { ...scope, userId: other!.id },
      writing('per-user', runs),
    )
    expect(theirs.replayed).toBe(false)
    expect(runs.count).toBe(2)
  })

  it('refuses the key on another method, path or body (422 idempotency_key_reused)', async () => {
    const runs = { count: 0 }
    const scope = scopeOf()
    await withIdempotency(database.db, scope, writing('reused', runs))
    for (const change of [{ method: 'POST' }, { path: '/api/things/2/' }, { requestHash: 'x' }]) {
      const attempt = withIdempotency(database.db, { ...scope, ...change }, writing('reused', runs))
      await expect(attempt).rejects.toMatchObject({
        statusCode: 422,
        code: 'idempotency_key_reused',
      })
    }
    expect(runs.count).toBe(1)
  })

  it('stores nothing when the work fails, neither the key nor the write, so a retry runs', async () => {
    const scope = scopeOf()
    const failing = async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
      await tx.insert(instanceSettings).values({ key: 'failed-1', value: 1 })
      throw new HttpError(410, 'lock_expired', LOCK_EXPIRED_DETAIL)
    }
    await expect(withIdempotency(database.db, scope, failing)).rejects.toMatchObject({
      statusCode: 410,
    })
    expect(await settingsNamed('failed')).toEqual([])
    expect(
      await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, scope.key)),
    ).toEqual([])
    const runs = { count: 0 }
    const retry = await withIdempotency(database.db, scope, writing('retried', runs))
    expect(retry.replayed).toBe(false)
  })

  it('makes a concurrent duplicate wait for the first and answer what it stored', async () => {
    const runs = { count: 0 }
    const scope = scopeOf()
    const answers = await Promise.all([
      withIdempotency(database.db, scope, writing('concurrent', runs, 200)),
      withIdempotency(database.db, scope, writing('concurrent', runs, 200)),
    ])
    expect(runs.count).toBe(1)
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true])
    expect(answers[0]?.body).toEqual(answers[1]?.body)
    expect(await settingsNamed('concurrent')).toHaveLength(1)
  })
})

describe('insertAnswer: a write and its answer in one statement', () => {
  /** An instance setting named `name`, and the key's answer naming it, in one statement. */
  const writeAtOnce = (scope: IdempotencyScope, name: string) =>
    prepareRaw<{ key: string }>(
      database.db,
      'test_write_at_once',
      sql`with written as (
            insert into ${instanceSettings} (key, value) values (${name}, '1') returning key),
          answered as (${insertAnswer(sql`jsonb_build_object('written', written.key)`, sql`written`)})
          select key from written`,
    ).execute(answerValues(scope))

  it('stores the answer with the write, for withIdempotency to replay', async () => {
    const scope = scopeOf()
    expect(await writeAtOnce(scope, 'at-once-1')).toEqual([{ key: 'at-once-1' }])
    const runs = { count: 0 }
    const replay = await withIdempotency(database.db, scope, writing('at-once', runs))
    expect(replay).toEqual({ status: 200, body: { written: 'at-once-1' }, replayed: true })
    expect(runs.count).toBe(0)
  })

  it('fails on a key used before, keeping nothing of the second write', async () => {
    const scope = scopeOf()
    await writeAtOnce(scope, 'taken-1')
    const second = writeAtOnce(scope, 'taken-2')
    await expect(second).rejects.toSatisfy(isKeyTaken)
    expect(await settingsNamed('taken')).toHaveLength(1)
    await expect(writeAtOnce(scopeOf(), 'taken-3')).resolves.toHaveLength(1)
  })
})
