import * as v from 'valibot'
import { storage } from '../storage'
import {
  ENQUEUE_SCOPE,
  freshOp,
  isMine,
  OFFLINE_DB_NAME,
  type OfflineDb,
  type OutboxOp,
  offlineDb,
  openOfflineDb,
} from './db'
import { type JournalStore, OutboxJournal } from './journal'
import { foldJournalInto, storeOp } from './journal-fold'
import { defaultLocks, type Locks, withExclusiveLock } from './lock'
import {
  browserOnline,
  LAST_SYNCED_KEY,
  type OutboxListener,
  OutboxNotifier,
  type OutboxStatus,
  sameStatus,
  surface,
} from './outbox-events'
import { operationDefinition, type PayloadOf } from './registry'
import { type PassContext, sendPass } from './send-pass'

export const SYNC_LOCK_NAME = 'outbox-sync'
export const SYNC_INTERVAL_MS = 30_000

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

/** The signed-in user's id, as the outbox tags changes with it; null when nobody is. */
export function signedInUser(): string | null {
  const user = storage.get('user')
  return user && typeof user === 'object' && 'id' in user ? String(user.id) : null
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
  private readonly notifier = new OutboxNotifier()
  private readonly sending: PassContext
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

  constructor(options: EngineOptions = {}) {
    this.dbName = options.dbName
    this.locks = options.locks === undefined ? defaultLocks() : options.locks
    this.lockName = options.dbName ? `${SYNC_LOCK_NAME}:${options.dbName}` : SYNC_LOCK_NAME
    this.now = options.now ?? (() => Date.now())
    this.random = options.random ?? Math.random
    this.owner = options.owner ?? signedInUser
    this.intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS
    this.journal = new OutboxJournal(options.dbName ?? OFFLINE_DB_NAME, options.journal)
    this.sending = {
      database: () => this.database(),
      owner: () => this.owner(),
      now: () => this.now(),
      random: this.random,
      journal: this.journal,
      signal: this.stopping.signal,
      setReachable: (reachable) => {
        this.reachable = reachable
      },
      setSyncing: (syncing) => this.setStatus({ syncing }),
      publish: (event) => this.notifier.publish(event),
    }
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

  readonly subscribe = (listener: OutboxListener): (() => void) => this.notifier.subscribe(listener)

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
    this.teardown.push(
      this.notifier.listen(`crowdwork-outbox:${this.dbName ?? OFFLINE_DB_NAME}`, () => {
        void this.refresh()
      }),
    )
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
        await withExclusiveLock(this.lockName, this.locks, signal, () =>
          sendPass(this.sending, force),
        )
        await this.refresh()
      } while (this.rerun && !signal.aborted)
    } catch (error) {
      // A failed pass (storage trouble) is retried by the next trigger; stopping is no failure.
      if (!signal.aborted) surface(error)
    } finally {
      this.running = undefined
    }
  }

  private async changed(): Promise<void> {
    await this.refresh()
    this.notifier.changed()
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
    this.notifier.emit({ type: 'status', status: next })
  }
}
