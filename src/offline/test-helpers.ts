import 'fake-indexeddb/auto'
import * as v from 'valibot'
import { ApiError } from '../api/client'
import { type OutboxOp, openOfflineDb } from './db'
import { type EngineOptions, OutboxEngine } from './engine'
import type { JournalStore } from './journal'
import type { OutboxEvent } from './outbox-events'
import { registerOperation, type SendContext } from './registry'

/** Shared by the outbox tests: a test operation kind whose send each test supplies. */

export const TEST_KIND = 'test.edit'

export const TestPayloadSchema = v.object({ key: v.string(), value: v.number() })
export type TestPayload = v.InferOutput<typeof TestPayloadSchema>

export type Sender = (payload: TestPayload, context: SendContext) => Promise<unknown>

let sender: Sender = async (payload) => payload

export function setSender(next: Sender): void {
  sender = next
}

registerOperation(TEST_KIND, {
  schema: TestPayloadSchema,
  coalesceKey: ({ key }) => key,
  send: (payload, context) => sender(payload, context),
})

let databases = 0

/** Engine options on a database of the test's own, as user 'u1', with no Web Locks. */
export function engineOptions(overrides: EngineOptions = {}): EngineOptions {
  databases += 1
  return { dbName: `outbox-test-${databases}`, locks: null, owner: () => 'u1', ...overrides }
}

export type Deferred<T> = {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Resolves with the next event of that type the engine emits. */
export function nextEvent<T extends OutboxEvent['type']>(
  engine: OutboxEngine,
  type: T,
): Promise<Extract<OutboxEvent, { type: T }>> {
  return new Promise((resolve) => {
    const stop = engine.subscribe((event) => {
      if (event.type !== type) return
      stop()
      resolve(event as Extract<OutboxEvent, { type: T }>)
    })
  })
}

/** A send that never answers until the engine aborts it (a tab closing mid-request). */
export function hangUntilAborted({ signal }: SendContext): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

export function payloads(ops: OutboxOp[]): unknown[] {
  return ops.map((op) => op.payload)
}

// --- Engines under test ------------------------------------------------------------------------

const engines: OutboxEngine[] = []

export function makeEngine(options: EngineOptions): OutboxEngine {
  const engine = new OutboxEngine(options)
  engines.push(engine)
  return engine
}

/** Stops every engine makeEngine made; each engine test file runs it after each test. */
export async function stopEngines(): Promise<void> {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()))
}

export async function storedOps(dbName: string | undefined): Promise<OutboxOp[]> {
  const db = await openOfflineDb(dbName)
  try {
    return await db.getAll('outbox')
  } finally {
    db.close()
  }
}

export async function insertRaw(
  dbName: string | undefined,
  op: Omit<OutboxOp, 'seq'>,
): Promise<void> {
  const db = await openOfflineDb(dbName)
  await db.add('outbox', op)
  db.close()
}

export type Sent = { payload: TestPayload; key: string }

/** Records every send; `answer` decides each one's fate (default: accepted). */
export function recordSends(
  answer: (sent: Sent, index: number) => Promise<unknown> | unknown = () => ({}),
) {
  const sent: Sent[] = []
  setSender(async (payload, { idempotencyKey }) => {
    const entry = { payload, key: idempotencyKey }
    sent.push(entry)
    return answer(entry, sent.length - 1)
  })
  return sent
}

export const edit = (key: string, value: number): TestPayload => ({ key, value })
export const unreachable = () => new ApiError(0, 'network_error', 'Failed to fetch')
export const unavailable = () => new ApiError(503, 'service_unavailable', 'Down for maintenance')

// --- The write-ahead journal -------------------------------------------------------------------

/** A localStorage of the test's own: `snapshot` is what a page unloading right now would leave. */
export class MemoryStorage implements JournalStore {
  private readonly items = new Map<string, string>()
  /** Set to make every write fail as a full quota does. */
  full = false

  get length(): number {
    return this.items.size
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
  snapshot(): MemoryStorage {
    const copy = new MemoryStorage()
    for (const [key, value] of this.items) copy.items.set(key, value)
    return copy
  }
}

/**
 * The state a reload leaves when it comes right after `enqueue` was called: the op journaled, its
 * IndexedDB transaction never committed (its op taken out again here). Answers the journal.
 */
export async function unloadRightAfter(
  dbName: string | undefined,
  enqueue: () => Promise<OutboxOp>,
  journal: MemoryStorage,
): Promise<MemoryStorage> {
  const pending = enqueue()
  const left = journal.snapshot()
  const op = await pending
  const db = await openOfflineDb(dbName)
  const key = await db.getKeyFromIndex('outbox', 'by-id', op.id)
  if (key !== undefined) await db.delete('outbox', key)
  db.close()
  return left
}
