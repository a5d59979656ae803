import * as v from 'valibot'
import { ApiError } from '../api/client'
import { storage } from '../storage'
import { backoffDelay } from './backoff'
import {
  ENQUEUE_SCOPE,
  OFFLINE_DB_NAME,
  type OfflineDb,
  type OutboxError,
  type OutboxOp,
  offlineDb,
  openOfflineDb,
  type Rejection,
} from './db'
import { type JournalStore, OutboxJournal } from './journal'
import { foldJournalInto, storeOp } from './journal-fold'
import { defaultLocks, type Locks, withExclusiveLock } from './lock'
import { classifyByStatus, operationDefinition, type PayloadOf, toOutboxError } from './registry'

export const SYNC_LOCK_NAME = 'outbox-sync'
export const SYNC_INTERVAL_MS = 30_000
const LAST_SYNCED_KEY = 'outbox.lastSyncedAt'

export type OutboxStatus = {
  /** The browser says online and the last send got an answer. */
  online: boolean
  /** The signed-in user's ops still to send; null until this page has read them from the device. */
  pending: number | null
  /** This tab is sending right now. */
  syncing: boolean
  /** The signed-in user's permanently rejected ops, oldest first, until they retry or discard. */
  rejections: Rejection[]
  lastSyncedAt: number | null
}

export type OutboxEvent =
  | { type: 'status'; status: OutboxStatus }
  /** An op was accepted; `result` is the server's answer (the same in every tab). */
  | { type: 'synced'; op: OutboxOp; result: unknown }
  | { type: 'rejected'; rejection: Rejection }

export type OutboxListener = (event: OutboxEvent) => void

export type EnqueueOptions = {
  /**
   * Holds the send back this long (typing: only the send is debounced, the op is stored at
   * once). A newer op of the same key replaces it and starts the wait again.
   */
  sendAfterMs?: number
}

export type EngineOptions = {
  /** A database of its own (tests, a simulated second tab); default the app's shared one. */
  dbName?: string
  /** Web Locks, or null for a lock within this page; default `navigator.locks` when present. */
  locks?: Locks | null
  now?: () => number
  random?: () => number
  /** Who is signed in; ops are tagged with it and only sent in that user's session. */
  owner?: () => string | null
  intervalMs?: number
  /** The write-ahead journal's storage; default localStorage, null for none. */
  journal?: JournalStore | null
}

type Broadcast = { type: 'changed' } | Extract<OutboxEvent, { type: 'synced' | 'rejected' }>
type Outcome = 'done' | 'unreachable' | 'aborted'

function signedInUser(): string | null {
  const user = storage.get('user')
  return user && typeof user === 'object' && 'id' in user ? String(user.id) : null
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine
}

function isMine(op: OutboxOp, owner: string | null): boolean {
  return op.owner === null || op.owner === owner
}

function freshOp(
  {
    kind,
    key,
    payload,
    owner,
    createdAt,
  }: Pick<OutboxOp, 'kind' | 'key' | 'payload' | 'owner' | 'createdAt'>,
  now: number,
): OutboxOp {
  const id = crypto.randomUUID()
  return {
    id,
    kind,
    key,
    payload,
    owner,
    createdAt,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  }
}

/** Rethrown outside the engine's flow: it surfaces (console, test runner) without stopping it. */
function surface(error: unknown): void {
  queueMicrotask(() => {
    throw error
  })
}

function sameStatus(a: OutboxStatus, b: OutboxStatus): boolean {
  return (
    a.online === b.online &&
    a.pending === b.pending &&
    a.syncing === b.syncing &&
    a.lastSyncedAt === b.lastSyncedAt &&
    a.rejections.length === b.rejections.length &&
    a.rejections.every((rejection, index) => rejection.id === b.rejections[index]?.id)
  )
}

/**
 * The outbox: a persistent queue of typed operations and the engine that sends them. One runner
 * at a time across tabs (Web Locks), ops of one coalesce key in order, transient failures retried
 * with backoff kept in the op (so a reload respects it), permanent ones kept as rejections.
 */
export class OutboxEngine {
  private readonly dbName: string | undefined
  private readonly locks: Locks | null
  private readonly lockName: string
  private readonly now: () => number
  private readonly random: () => number
  private readonly owner: () => string | null
  private readonly intervalMs: number
  private readonly journal: OutboxJournal
  private folding: Promise<void> | undefined

  private ownDb: Promise<OfflineDb> | undefined
  private readonly listeners = new Set<OutboxListener>()
  private status: OutboxStatus = {
    online: browserOnline(),
    pending: null,
    syncing: false,
    rejections: [],
    lastSyncedAt: null,
  }
  private reachable = true
  private running: Promise<void> | undefined
  private rerun = false
  private forceNext = false
  private readonly stopping = new AbortController()
  private started = false
  private readonly teardown: (() => void)[] = []
  private wakeTimer: ReturnType<typeof setTimeout> | undefined
  private channel: BroadcastChannel | undefined

  constructor(options: EngineOptions = {}) {
    this.dbName = options.dbName
    this.locks = options.locks === undefined ? defaultLocks() : options.locks
    this.lockName = options.dbName ? `${SYNC_LOCK_NAME}:${options.dbName}` : SYNC_LOCK_NAME
    this.now = options.now ?? (() => Date.now())
    this.random = options.random ?? Math.random
    this.owner = options.owner ?? signedInUser
    this.intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS
    this.journal = new OutboxJournal(options.dbName ?? OFFLINE_DB_NAME, options.journal)
  }

  /**
   * Journals the op synchronously (a reload right after this call keeps it), then stores it in
   * IndexedDB, coalescing with a waiting op of the same key, before resolving; then syncs.
   */
  readonly enqueue = async <K extends string>(
    kind: K,
    payload: PayloadOf<K>,
    { sendAfterMs = 0 }: EnqueueOptions = {},
  ): Promise<OutboxOp> => {
    const definition = operationDefinition(kind)
    if (!definition) throw new Error(`No outbox operation is registered as "${kind}"`)
    const checked = v.parse(definition.schema, payload)
    const key = definition.coalesceKey ? `${kind}|${definition.coalesceKey(checked)}` : null
    const now = this.now()
    const owner = this.owner()
    const op = freshOp({ kind, key, payload: checked, owner, createdAt: now }, now)
    op.nextAttemptAt = now + sendAfterMs
    this.journal.write(op)

    const db = await this.database()
    const tx = db.transaction(ENQUEUE_SCOPE, 'readwrite')
    await storeOp(tx, op, definition, { folding: false })
    await tx.done
    this.journal.settle(op)

    await this.changed()
    if (this.started) void this.sync()
    return op
  }

  /**
   * Folds what the journal still holds (ops whose page unloaded before IndexedDB had them) into
   * the outbox, once per engine; every tab may fold, under a lock, and an op already stored is
   * never stored twice. Reads of the local copies wait for it, so a reload shows the last edit.
   * A failed fold (unreadable storage) fails its callers, who decide what it means, and is tried
   * again by the next call.
   */
  readonly folded = (): Promise<void> => {
    this.folding ??= withExclusiveLock(
      `${this.lockName}:journal`,
      this.locks,
      this.stopping.signal,
      () => this.foldJournal(),
    ).catch((error) => {
      this.folding = undefined
      if (!this.stopping.signal.aborted) throw error
    })
    return this.folding
  }

  /**
   * Runs a pass now, or right after the running one. `force` ignores backoff (the network just
   * came back). Resolves once a pass that started after this call has ended.
   */
  readonly sync = ({ force = false } = {}): Promise<void> => {
    if (this.stopping.signal.aborted) return Promise.resolve()
    this.forceNext ||= force
    if (this.running) {
      this.rerun = true
      return this.running
    }
    this.running = this.runPasses()
    return this.running
  }

  readonly subscribe = (listener: OutboxListener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getStatus = (): OutboxStatus => this.status

  /** Sends a rejected op again as a new op (new key: the server keeps its answer per key). */
  readonly retryRejection = async (id: string): Promise<void> => {
    const db = await this.database()
    const tx = db.transaction(['outbox', 'rejections'], 'readwrite')
    const rejection = await tx.objectStore('rejections').get(id)
    if (rejection) {
      await tx.objectStore('rejections').delete(id)
      await tx.objectStore('outbox').add(freshOp(rejection.op, this.now()))
    }
    await tx.done
    await this.changed()
    if (this.started) void this.sync()
  }

  /** Only on the user's explicit request: the change is lost. */
  readonly discardRejection = async (id: string): Promise<void> => {
    const db = await this.database()
    await db.delete('rejections', id)
    await this.changed()
  }

  /** Pending ops or rejections of the signed-in user (sign-out warns about them). */
  readonly hasUnsyncedChanges = async (): Promise<boolean> => {
    await this.folded()
    await this.refresh()
    return this.status.pending !== 0 || this.status.rejections.length > 0
  }

  /** Loads the status and replays now, then on `online`, on tab visible and on a timer. */
  readonly start = (): void => {
    if (this.started || this.stopping.signal.aborted) return
    this.started = true
    const listen = (target: EventTarget, type: string, handler: () => void) => {
      target.addEventListener(type, handler)
      this.teardown.push(() => target.removeEventListener(type, handler))
    }
    listen(window, 'online', () => {
      this.reachable = true
      this.setStatus({})
      void this.sync({ force: true })
    })
    listen(window, 'offline', () => this.setStatus({}))
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.sync()
    })
    const interval = setInterval(() => void this.sync(), this.intervalMs)
    this.teardown.push(() => clearInterval(interval))
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(`crowdwork-outbox:${this.dbName ?? OFFLINE_DB_NAME}`)
      channel.onmessage = (event: MessageEvent<Broadcast>) => {
        if (event.data.type !== 'changed') this.emit(event.data)
        void this.refresh()
      }
      this.channel = channel
      this.teardown.push(() => channel.close())
    }
    void this.sync()
  }

  /**
   * Stops for good, as a closing tab would: a send in flight is aborted and its op left as it
   * is, to be sent again, with the same key, by the next runner.
   */
  readonly stop = async (): Promise<void> => {
    this.stopping.abort()
    for (const undo of this.teardown.splice(0)) undo()
    clearTimeout(this.wakeTimer)
    await this.running
    if (this.ownDb) (await this.ownDb).close()
  }

  private database(): Promise<OfflineDb> {
    if (!this.dbName) return offlineDb()
    this.ownDb ??= openOfflineDb(this.dbName)
    return this.ownDb
  }

  private async foldJournal(): Promise<void> {
    if (await foldJournalInto(await this.database(), this.journal)) await this.changed()
  }

  private async runPasses(): Promise<void> {
    const signal = this.stopping.signal
    try {
      await this.folded()
      // The first counts show at once, not after another tab's send frees the lock.
      if (this.status.pending === null) await this.refresh()
      do {
        this.rerun = false
        const force = this.forceNext
        this.forceNext = false
        await withExclusiveLock(this.lockName, this.locks, signal, () => this.pass(force))
        await this.refresh()
      } while (this.rerun && !signal.aborted)
    } catch (error) {
      // A failed pass (storage trouble) is retried by the next trigger; stopping is no failure.
      if (!signal.aborted) surface(error)
    } finally {
      this.running = undefined
    }
  }

  private async pass(force: boolean): Promise<void> {
    const signal = this.stopping.signal
    const tried = new Set<string>()
    try {
      while (!signal.aborted && browserOnline()) {
        const owner = this.owner()
        if (owner === null) return
        const op = await this.claimNext(owner, force, tried)
        if (!op) return
        tried.add(op.id)
        this.setStatus({ syncing: true })
        if ((await this.attempt(op, signal)) !== 'done') return
      }
    } finally {
      this.setStatus({ syncing: false })
    }
  }

  /**
   * Marks the first sendable op in flight, in one transaction so an enqueue cannot replace it
   * meanwhile. An op is held back by an earlier op of its key (FIFO), by its backoff unless
   * forced, by an unknown kind (its module may load later) and by belonging to someone else.
   * An op found in flight was left by a runner that died: it is sent again with its key.
   */
  private async claimNext(
    owner: string,
    force: boolean,
    tried: Set<string>,
  ): Promise<OutboxOp | undefined> {
    const db = await this.database()
    const tx = db.transaction('outbox', 'readwrite')
    const now = this.now()
    const busyKeys = new Set<string>()
    let claimed: OutboxOp | undefined
    for await (const cursor of tx.store.iterate()) {
      const op = cursor.value
      if (!isMine(op, owner)) continue
      const ready =
        !tried.has(op.id) &&
        operationDefinition(op.kind) !== undefined &&
        (op.key === null || !busyKeys.has(op.key)) &&
        (force || op.nextAttemptAt <= now)
      if (ready) {
        claimed = { ...op, state: 'inflight' }
        await cursor.update(claimed)
        break
      }
      if (op.key !== null) busyKeys.add(op.key)
    }
    await tx.done
    return claimed
  }

  private async attempt(op: OutboxOp, signal: AbortSignal): Promise<Outcome> {
    // claimNext only hands out ops of registered kinds.
    const definition = operationDefinition(op.kind)!
    const parsed = v.safeParse(definition.schema, op.payload)
    if (!parsed.success) {
      const detail = parsed.issues.map((issue) => issue.message).join('; ')
      await this.reject(op, { status: -1, code: 'invalid_payload', detail })
      return 'done'
    }
    let result: unknown
    try {
      result = await definition.send(parsed.output, { idempotencyKey: op.id, signal })
    } catch (error) {
      if (signal.aborted) return 'aborted'
      const unreachable = error instanceof ApiError && error.status === 0
      this.reachable = !unreachable
      if ((definition.classify ?? classifyByStatus)(error) === 'permanent') {
        await this.reject(op, toOutboxError(error))
        return 'done'
      }
      await this.postpone(op, toOutboxError(error))
      // Without a connection the other ops would fail the same way: wait for the next trigger.
      return unreachable ? 'unreachable' : 'done'
    }
    this.reachable = true
    const db = await this.database()
    const tx = db.transaction(['outbox', 'kv'], 'readwrite')
    await tx.objectStore('outbox').delete(op.seq!)
    await tx.objectStore('kv').put(this.now(), LAST_SYNCED_KEY)
    await tx.done
    // Left behind by a page that unloaded between its commit and its clean-up.
    this.journal.settle(op)
    this.publish({ type: 'synced', op, result })
    return 'done'
  }

  private async postpone(op: OutboxOp, error: OutboxError): Promise<void> {
    const attempts = op.attempts + 1
    const nextAttemptAt = this.now() + backoffDelay(attempts, this.random)
    const db = await this.database()
    await db.put('outbox', { ...op, state: 'pending', attempts, nextAttemptAt, lastError: error })
  }

  private async reject(op: OutboxOp, error: OutboxError): Promise<void> {
    const rejection: Rejection = {
      id: op.id,
      op: { ...op, state: 'pending' },
      error,
      rejectedAt: this.now(),
    }
    const db = await this.database()
    const tx = db.transaction(['outbox', 'rejections'], 'readwrite')
    await tx.objectStore('outbox').delete(op.seq!)
    await tx.objectStore('rejections').put(rejection)
    await tx.done
    this.publish({ type: 'rejected', rejection })
  }

  /** Tells this tab's listeners and the other tabs. */
  private publish(event: Extract<OutboxEvent, { type: 'synced' | 'rejected' }>): void {
    this.emit(event)
    this.post(event)
  }

  private async changed(): Promise<void> {
    await this.refresh()
    this.post({ type: 'changed' })
  }

  private post(message: Broadcast): void {
    try {
      this.channel?.postMessage(message)
    } catch {
      // An answer that cannot be cloned: the other tabs still learn that something changed.
      this.channel?.postMessage({ type: 'changed' } satisfies Broadcast)
    }
  }

  /** Re-reads counts and rejections (other tabs write too) and plans the next backoff wake-up. */
  private async refresh(): Promise<void> {
    const db = await this.database()
    const tx = db.transaction(['outbox', 'rejections', 'kv'])
    const [ops, rejections, lastSyncedAt] = await Promise.all([
      tx.objectStore('outbox').getAll(),
      tx.objectStore('rejections').getAll(),
      tx.objectStore('kv').get(LAST_SYNCED_KEY),
    ])
    const owner = this.owner()
    const mine = ops.filter((op) => isMine(op, owner))
    this.setStatus({
      pending: mine.filter((op) => !operationDefinition(op.kind)?.background).length,
      rejections: rejections
        .filter((rejection) => isMine(rejection.op, owner))
        .sort((a, b) => a.rejectedAt - b.rejectedAt),
      lastSyncedAt: typeof lastSyncedAt === 'number' ? lastSyncedAt : null,
    })
    const now = this.now()
    const waiting = mine.map((op) => op.nextAttemptAt).filter((at) => at > now)
    this.planWakeUp(Math.min(...waiting))
  }

  private planWakeUp(at: number): void {
    clearTimeout(this.wakeTimer)
    if (!this.started || this.stopping.signal.aborted || !Number.isFinite(at)) return
    this.wakeTimer = setTimeout(() => void this.sync(), at - this.now())
  }

  private setStatus(change: Partial<OutboxStatus>): void {
    const next = { ...this.status, ...change, online: browserOnline() && this.reachable }
    if (sameStatus(next, this.status)) return
    this.status = next
    this.emit({ type: 'status', status: next })
  }

  private emit(event: OutboxEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        surface(error)
      }
    }
  }
}
