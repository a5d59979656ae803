import 'fake-indexeddb/auto'
import { locks as nodeLocks } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { BACKOFF_CAP_MS } from './backoff'
import { openOfflineDb } from './db'
import { OutboxEngine } from './engine'
import type { Locks } from './lock'
import {
  ANNOTATION_SAVE,
  type AnnotationSavePayload,
  annotationSave,
} from './operations/annotation-save'
import { registerOperation, type SendContext } from './registry'

/**
 * Random interleavings of edits, failures, reconnects, reloads and a second tab, against a fake
 * server with the real one's semantics, must end with the server holding the last edit of every
 * annotation, each idempotency key applied at most once.
 */

const SCENARIOS = 200

/** mulberry32: small, fast, and the same sequence for the same seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Saved = { value: number; stamp: string }

/** The server's contract: first answer per key stored and replayed; last writer wins by stamp. */
class FakeServer {
  readonly annotations = new Map<number, Saved>()
  readonly answers = new Map<string, Saved>()
  readonly applied = new Map<string, number>()
  /** By edit (each edit's value is unique): a retry under a new key would apply one twice. */
  readonly appliedEdits = new Map<unknown, number>()
  readonly inFlight = new Set<string>()
  overlaps = 0
  replays = 0

  save(key: string, payload: AnnotationSavePayload): Saved {
    const stored = this.answers.get(key)
    if (stored) {
      this.replays += 1
      return stored
    }
    this.applied.set(key, (this.applied.get(key) ?? 0) + 1)
    const edit = payload.data.value
    this.appliedEdits.set(edit, (this.appliedEdits.get(edit) ?? 0) + 1)
    const current = this.annotations.get(payload.itemId)
    if (!current || payload.client_updated_at > current.stamp) {
      this.annotations.set(payload.itemId, {
        value: payload.data.value as number,
        stamp: payload.client_updated_at,
      })
    }
    const answer = this.annotations.get(payload.itemId)!
    this.answers.set(key, answer)
    return answer
  }
}

type Network = 'up' | 'down' | 'flaky'

/** A scenario's world: the server, the network and the randomness of both. */
class World {
  readonly server = new FakeServer()
  network: Network = 'up'
  lostAnswers = 0
  closedMidSend = 0

  constructor(readonly random: () => number) {}

  async send(payload: AnnotationSavePayload, { idempotencyKey, signal }: SendContext) {
    if (this.server.inFlight.has(idempotencyKey)) this.server.overlaps += 1
    this.server.inFlight.add(idempotencyKey)
    try {
      const roll = this.random()
      if (this.network === 'down' || (this.network === 'flaky' && roll < 0.15)) {
        await this.pause()
        throw new ApiError(0, 'network_error', 'Failed to fetch')
      }
      if (this.network === 'flaky' && roll < 0.3) {
        throw new ApiError(503, 'service_unavailable', 'Busy')
      }
      // The request reaches the server; the answer may still be lost (or the tab closed).
      const answer = this.server.save(idempotencyKey, payload)
      await this.pause()
      if (signal.aborted) {
        this.closedMidSend += 1
        throw signal.reason
      }
      if (this.network === 'flaky' && roll < 0.5) {
        this.lostAnswers += 1
        throw new ApiError(0, 'timeout', 'The answer was lost')
      }
      return answer
    } finally {
      this.server.inFlight.delete(idempotencyKey)
    }
  }

  private async pause() {
    const ticks = Math.floor(this.random() * 3)
    for (let tick = 0; tick < ticks; tick += 1) await new Promise((done) => setImmediate(done))
  }
}

let current: World | undefined
registerOperation(ANNOTATION_SAVE, {
  ...annotationSave,
  send: (payload, context) => current!.send(payload, context),
})

async function runScenario(seed: number) {
  const random = prng(seed)
  const world = new World(random)
  current = world
  const dbName = `outbox-property-${seed}`
  const locks = seed % 2 === 0 ? (nodeLocks as unknown as Locks) : null
  let clock = 1_000
  const open = () =>
    new OutboxEngine({ dbName, locks, owner: () => 'u1', now: () => clock, random })
  const tabs = random() < 0.5 ? [open()] : [open(), open()]
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!
  const items = 1 + Math.floor(random() * 4)
  const last = new Map<number, number>()
  const syncs: Promise<void>[] = []
  let edits = 0

  const steps = 20 + Math.floor(random() * 40)
  for (let step = 0; step < steps; step += 1) {
    const roll = random()
    const tab = Math.floor(random() * tabs.length)
    if (roll < 0.4) {
      edits += 1
      const itemId = 1 + Math.floor(random() * items)
      last.set(itemId, edits)
      await tabs[tab]!.enqueue(ANNOTATION_SAVE, {
        itemSetId: 1,
        itemId,
        data: { value: edits },
        is_done: random() < 0.5,
        client_updated_at: new Date(Date.UTC(2026, 0, 1) + edits).toISOString(),
      })
    } else if (roll < 0.65) {
      // Not awaited: later edits, reloads and failures land while it runs.
      syncs.push(tabs[tab]!.sync({ force: random() < 0.3 }))
    } else if (roll < 0.75) {
      clock += Math.floor(random() * 60_000)
    } else if (roll < 0.85) {
      world.network = pick<Network>(['up', 'down', 'flaky'])
    } else if (roll < 0.93) {
      await tabs[tab]!.stop()
      tabs[tab] = open()
    } else {
      await Promise.all(syncs.splice(0))
    }
  }

  world.network = 'up'
  await Promise.all(syncs.splice(0))
  const db = await openOfflineDb(dbName)
  for (let round = 0; round < 10 && (await db.count('outbox')) > 0; round += 1) {
    clock += 2 * BACKOFF_CAP_MS
    for (const tab of tabs) await tab.sync()
  }
  const left = await db.count('outbox')
  const rejections = await db.count('rejections')
  db.close()
  await Promise.all(tabs.map((tab) => tab.stop()))

  return { world, last, left, rejections, tabs: tabs.length }
}

describe('outbox under random interleavings', () => {
  it(`converges to the last edit of every annotation, each key applied at most once (${SCENARIOS} seeded scenarios)`, async () => {
    const seen = { twoTabs: 0, replays: 0, lostAnswers: 0, closedMidSend: 0 }
    for (let seed = 1; seed <= SCENARIOS; seed += 1) {
      const { world, last, left, rejections, tabs } = await runScenario(seed)
      const where = `seed ${seed}`
      expect(left, where).toBe(0)
      expect(rejections, where).toBe(0)
      expect(world.server.overlaps, where).toBe(0)
      const finalValues = new Map(
        [...world.server.annotations].map(([itemId, saved]) => [itemId, saved.value]),
      )
      expect(finalValues, where).toEqual(last)
      for (const [key, times] of world.server.applied) expect(times, `${where}, key ${key}`).toBe(1)
      for (const [edit, times] of world.server.appliedEdits) {
        expect(times, `${where}, edit ${edit}`).toBe(1)
      }
      if (tabs === 2) seen.twoTabs += 1
      seen.replays += world.server.replays
      seen.lostAnswers += world.lostAnswers
      seen.closedMidSend += world.closedMidSend
    }
    // The scenarios did exercise what they are meant to.
    expect(seen.twoTabs).toBeGreaterThan(SCENARIOS / 4)
    expect(seen.replays).toBeGreaterThan(10)
    expect(seen.lostAnswers).toBeGreaterThan(10)
    expect(seen.closedMidSend).toBeGreaterThan(0)
  }, 120_000)
})
