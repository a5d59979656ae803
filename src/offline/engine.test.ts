import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/client'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff'
import { SYNC_LOCK_NAME } from './engine'
import { withExclusiveLock } from './lock'
import { registerOperation } from './registry'
import {
  deferred,
  edit,
  engineOptions,
  hangUntilAborted,
  insertRaw,
  makeEngine,
  nextEvent,
  payloads,
  recordSends,
  setSender,
  stopEngines,
  storedOps,
  TEST_KIND,
  unavailable,
  unreachable,
} from './test-helpers'

afterEach(async () => {
  await stopEngines()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('enqueue', () => {
  it('stores the op before resolving, so a reloaded engine still has it', async () => {
    const options = engineOptions({ now: () => 1_000 })
    const op = await makeEngine(options).enqueue(TEST_KIND, edit('a', 1))

    const [stored] = await storedOps(options.dbName)
    expect(stored).toMatchObject({
      id: op.id,
      kind: TEST_KIND,
      payload: edit('a', 1),
      owner: 'u1',
      createdAt: 1_000,
      attempts: 0,
      nextAttemptAt: 1_000,
      state: 'pending',
    })
    expect(op.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

    const reloaded = makeEngine({ ...options })
    expect(reloaded.getStatus().pending).toBeNull()
    expect(await reloaded.hasUnsyncedChanges()).toBe(true)
    expect(reloaded.getStatus().pending).toBe(1)
  })

  it('refuses an unknown kind or a payload its schema rejects, storing nothing', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    await expect(engine.enqueue('nobody.registered', {})).rejects.toThrow(/No outbox operation/)
    await expect(engine.enqueue(TEST_KIND, { key: 'a' })).rejects.toThrow(v.ValiError)
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('replaces a waiting op of the same key with a new one (new key), leaving other keys', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    const first = await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.enqueue(TEST_KIND, edit('b', 1))
    const second = await engine.enqueue(TEST_KIND, edit('a', 2))

    const stored = await storedOps(options.dbName)
    expect(payloads(stored)).toEqual([edit('b', 1), edit('a', 2)])
    expect(second.id).not.toBe(first.id)
    expect(engine.getStatus().pending).toBe(2)
  })

  it('queues behind an op in flight instead of replacing it, then sends both in order', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    const started = deferred()
    const release = deferred()
    const sent = recordSends(async (_sent, index) => {
      if (index === 0) {
        started.resolve()
        await release.promise
      }
      return {}
    })
    await engine.enqueue(TEST_KIND, edit('a', 1))
    const syncing = engine.sync()
    await started.promise

    await engine.enqueue(TEST_KIND, edit('a', 2))
    await engine.enqueue(TEST_KIND, edit('a', 3))
    const stored = await storedOps(options.dbName)
    expect(stored.map((op) => [op.payload, op.state])).toEqual([
      [edit('a', 1), 'inflight'],
      [edit('a', 3), 'pending'],
    ])

    release.resolve()
    await syncing
    await engine.sync()
    expect(sent.map((entry) => entry.payload)).toEqual([edit('a', 1), edit('a', 3)])
    expect(await storedOps(options.dbName)).toEqual([])
  })
})

describe('status', () => {
  it('reads the counts at start even while another tab holds the send lock', async () => {
    const options = engineOptions()
    await makeEngine(options).enqueue(TEST_KIND, edit('a', 1))
    const otherTab = deferred()
    const lockHeld = withExclusiveLock(
      `${SYNC_LOCK_NAME}:${options.dbName}`,
      null,
      new AbortController().signal,
      () => otherTab.promise,
    )

    const reloaded = makeEngine({ ...options })
    recordSends()
    reloaded.start()
    await vi.waitFor(() => expect(reloaded.getStatus().pending).toBe(1))
    otherTab.resolve()
    await lockHeld
    await vi.waitFor(() => expect(reloaded.getStatus().pending).toBe(0))
  })
})

describe('sending', () => {
  it('sends with the op id as Idempotency-Key, deletes the op and reports the answer', async () => {
    const options = engineOptions({ now: () => 5_000 })
    const engine = makeEngine(options)
    const sent = recordSends(({ payload }) => ({ stored: payload.value }))
    const op = await engine.enqueue(TEST_KIND, edit('a', 7))
    const synced = nextEvent(engine, 'synced')

    await engine.sync()

    expect(sent).toEqual([{ payload: edit('a', 7), key: op.id }])
    const event = await synced
    expect(event.result).toEqual({ stored: 7 })
    expect(event.op.id).toBe(op.id)
    expect(await storedOps(options.dbName)).toEqual([])
    expect(engine.getStatus()).toMatchObject({ pending: 0, lastSyncedAt: 5_000, syncing: false })
  })

  it('keeps the idempotency key across transient failures and a reload', async () => {
    let clock = 0
    const options = engineOptions({ now: () => clock })
    const sent = recordSends((_sent, index) => {
      if (index === 0) throw unreachable()
      if (index === 1) throw unavailable()
      return {}
    })
    const first = makeEngine(options)
    const op = await first.enqueue(TEST_KIND, edit('a', 1))
    await first.sync()
    await first.stop()

    const second = makeEngine({ ...options })
    for (let round = 0; round < 2; round += 1) {
      clock += BACKOFF_CAP_MS
      await second.sync()
    }

    expect(sent.map((entry) => entry.key)).toEqual([op.id, op.id, op.id])
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('backs off exponentially with full jitter, keeping nextAttemptAt in the op', async () => {
    let clock = 10_000
    const draws = [0.5, 0.999, 0, 0.25, 0.75, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999]
    const options = engineOptions({ now: () => clock, random: () => draws.shift() ?? 0.5 })
    const engine = makeEngine(options)
    const sent = recordSends(() => {
      throw unavailable()
    })
    await engine.enqueue(TEST_KIND, edit('a', 1))

    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const draw = draws[0] ?? 0.5
      await engine.sync()
      const [op] = await storedOps(options.dbName)
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1))
      expect(op).toMatchObject({ attempts: attempt, state: 'pending', lastError: { status: 503 } })
      expect(op!.nextAttemptAt - clock).toBe(Math.floor(draw * ceiling))
      expect(op!.nextAttemptAt - clock).toBeLessThan(ceiling)

      // Not before its time, even when asked.
      if (op!.nextAttemptAt > clock) {
        clock = op!.nextAttemptAt - 1
        await engine.sync()
        expect(sent).toHaveLength(attempt)
      }
      clock = op!.nextAttemptAt
    }
    expect(sent).toHaveLength(11)
  })

  it('respects a stored backoff after a reload', async () => {
    let clock = 0
    const options = engineOptions({ now: () => clock, random: () => 0.5 })
    const sent = recordSends((_sent, index) => {
      if (index === 0) throw unavailable()
      return {}
    })
    const first = makeEngine(options)
    await first.enqueue(TEST_KIND, edit('a', 1))
    await first.sync()
    await first.stop()

    const reloaded = makeEngine({ ...options })
    clock = 499
    await reloaded.sync()
    expect(sent).toHaveLength(1)
    clock = 500
    await reloaded.sync()
    expect(sent).toHaveLength(2)
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('keeps a key in order behind a failed op while other keys go on', async () => {
    let clock = 0
    const options = engineOptions({ now: () => clock, random: () => 0.5 })
    const engine = makeEngine(options)
    const started = deferred()
    const release = deferred()
    const sent = recordSends(async (_sent, index) => {
      if (index === 0) {
        started.resolve()
        await release.promise
        throw unavailable()
      }
      return {}
    })
    await engine.enqueue(TEST_KIND, edit('a', 1))
    const syncing = engine.sync()
    await started.promise
    await engine.enqueue(TEST_KIND, edit('a', 2))
    await engine.enqueue(TEST_KIND, edit('b', 1))
    release.resolve()
    await syncing
    await engine.sync()
    expect(sent.map((entry) => entry.payload)).toEqual([edit('a', 1), edit('b', 1)])

    clock = 10_000
    await engine.sync()
    expect(sent.map((entry) => entry.payload)).toEqual([
      edit('a', 1),
      edit('b', 1),
      edit('a', 1),
      edit('a', 2),
    ])
  })

  it('re-sends an op left in flight by a crashed tab with the same key', async () => {
    const options = engineOptions()
    const crashed = makeEngine(options)
    const sent: string[] = []
    const started = deferred()
    setSender(async (_payload, context) => {
      sent.push(context.idempotencyKey)
      if (sent.length === 1) {
        started.resolve()
        return hangUntilAborted(context)
      }
      return {}
    })
    const op = await crashed.enqueue(TEST_KIND, edit('a', 1))
    void crashed.sync()
    await started.promise
    await crashed.stop()
    expect((await storedOps(options.dbName)).map((stored) => stored.state)).toEqual(['inflight'])

    const next = makeEngine({ ...options })
    await next.sync()
    expect(sent).toEqual([op.id, op.id])
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('does not send while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const engine = makeEngine(engineOptions())
    const sent = recordSends()
    await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.sync()
    expect(sent).toEqual([])
    expect(engine.getStatus()).toMatchObject({ online: false, pending: 1 })
  })

  it('ends the pass when the server is unreachable and reports offline until an answer comes', async () => {
    const engine = makeEngine(engineOptions({ random: () => 0 }))
    let down = true
    const sent = recordSends(() => {
      if (down) throw unreachable()
      return {}
    })
    await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.enqueue(TEST_KIND, edit('b', 1))
    await engine.sync()
    expect(sent).toHaveLength(1)
    expect(engine.getStatus()).toMatchObject({ online: false, pending: 2 })

    down = false
    await engine.sync()
    expect(engine.getStatus()).toMatchObject({ online: true, pending: 0 })
  })

  it("sends only the signed-in user's ops, and nothing when signed out", async () => {
    let owner: string | null = 'u1'
    const engine = makeEngine(engineOptions({ owner: () => owner }))
    const sent = recordSends()
    await engine.enqueue(TEST_KIND, edit('a', 1))

    owner = 'u2'
    await engine.sync()
    expect(engine.getStatus().pending).toBe(0)
    expect(await engine.hasUnsyncedChanges()).toBe(false)
    owner = null
    await engine.sync()
    expect(sent).toEqual([])

    owner = 'u1'
    await engine.sync()
    expect(sent.map((entry) => entry.payload)).toEqual([edit('a', 1)])
  })

  it('leaves ops of a kind registered later queued, and sends them once it is', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    const base = {
      owner: 'u1',
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending' as const,
    }
    await insertRaw(options.dbName, {
      ...base,
      id: 'late-1',
      kind: 'test.late',
      key: 'test.late|x',
      payload: { n: 1 },
    })
    await engine.sync()
    expect(await storedOps(options.dbName)).toHaveLength(1)
    expect(engine.getStatus().rejections).toEqual([])

    const sentKeys: string[] = []
    registerOperation('test.late', {
      schema: v.object({ n: v.number() }),
      send: async (_payload, { idempotencyKey }) => sentKeys.push(idempotencyKey),
    })
    await engine.sync()
    expect(sentKeys).toEqual(['late-1'])
    expect(await storedOps(options.dbName)).toEqual([])
  })

  it('rejects a stored payload that no longer fits its schema', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    const sent = recordSends()
    await insertRaw(options.dbName, {
      id: 'old-1',
      kind: TEST_KIND,
      key: `${TEST_KIND}|a`,
      payload: { key: 'a' },
      owner: 'u1',
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
    })
    await engine.sync()
    expect(sent).toEqual([])
    expect(engine.getStatus().rejections).toMatchObject([
      { id: 'old-1', error: { code: 'invalid_payload' } },
    ])
  })
})

describe('rejections', () => {
  const lockExpired = () => new ApiError(410, 'lock_expired', 'The item set lock has expired.')

  it('keeps a permanent rejection with its error, lists it after a reload, never resends it', async () => {
    const options = engineOptions({ now: () => 42 })
    const engine = makeEngine(options)
    const sent = recordSends(() => {
      throw lockExpired()
    })
    const op = await engine.enqueue(TEST_KIND, edit('a', 1))
    const rejected = nextEvent(engine, 'rejected')
    await engine.sync()
    await engine.sync()

    expect(sent).toHaveLength(1)
    const expected = {
      id: op.id,
      op: { id: op.id, payload: edit('a', 1) },
      error: { status: 410, code: 'lock_expired', detail: 'The item set lock has expired.' },
      rejectedAt: 42,
    }
    expect((await rejected).rejection).toMatchObject(expected)
    expect(engine.getStatus()).toMatchObject({ pending: 0, rejections: [expected] })
    expect(await engine.hasUnsyncedChanges()).toBe(true)

    const reloaded = makeEngine({ ...options })
    await reloaded.sync()
    expect(reloaded.getStatus().rejections).toMatchObject([expected])
    expect(sent).toHaveLength(1)
  })

  it('retries a rejection under a new key on request', async () => {
    const engine = makeEngine(engineOptions())
    const sent = recordSends((_sent, index) => {
      if (index === 0) throw lockExpired()
      return {}
    })
    const op = await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.sync()

    await engine.retryRejection(op.id)
    expect(engine.getStatus()).toMatchObject({ pending: 1, rejections: [] })
    await engine.sync()

    expect(sent.map((entry) => entry.payload)).toEqual([edit('a', 1), edit('a', 1)])
    expect(sent[1]!.key).not.toBe(op.id)
    expect(await engine.hasUnsyncedChanges()).toBe(false)
  })

  it('discards a rejection only when asked', async () => {
    const options = engineOptions()
    const engine = makeEngine(options)
    const sent = recordSends(() => {
      throw lockExpired()
    })
    const op = await engine.enqueue(TEST_KIND, edit('a', 1))
    await engine.sync()
    expect(engine.getStatus().rejections).toHaveLength(1)

    await engine.discardRejection(op.id)
    await engine.sync()
    expect(engine.getStatus().rejections).toEqual([])
    expect(await storedOps(options.dbName)).toEqual([])
    expect(sent).toHaveLength(1)
    expect(await engine.hasUnsyncedChanges()).toBe(false)
  })
})
