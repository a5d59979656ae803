import { i18n } from '@lingui/core'
import * as v from 'valibot'
import { ApiError } from '../api/client'
import { contractIssueText } from '../i18n/contract-messages'
import { backoffDelay } from './backoff'
import {
  ENQUEUE_SCOPE,
  isMine,
  type OfflineDb,
  type OutboxError,
  type OutboxOp,
  type Rejection,
} from './db'
import type { OutboxJournal } from './journal'
import { browserOnline, LAST_SYNCED_KEY, type OpEvent } from './outbox-events'
import { classifyByStatus, operationDefinition, toOutboxError } from './registry'

type Outcome = 'done' | 'unreachable' | 'aborted'

/** What a pass needs of the engine that runs it. */
export type PassContext = {
  database: () => Promise<OfflineDb>
  owner: () => string | null
  now: () => number
  random: () => number
  journal: OutboxJournal
  signal: AbortSignal
  /** Whether the last send got an answer (the status's `online`). */
  setReachable: (reachable: boolean) => void
  setSyncing: (syncing: boolean) => void
  publish: (event: OpEvent) => void
}

/**
 * Sends the signed-in user's sendable ops one at a time, each at most once, until none is left,
 * the connection is gone or the engine stops.
 */
export async function sendPass(context: PassContext, force: boolean): Promise<void> {
  const tried = new Set<string>()
  try {
    while (!context.signal.aborted && browserOnline()) {
      const owner = context.owner()
      if (owner === null) return
      const op = await claimNext(context, owner, force, tried)
      if (!op) return
      tried.add(op.id)
      context.setSyncing(true)
      if ((await attempt(context, op)) !== 'done') return
    }
  } finally {
    context.setSyncing(false)
  }
}

/**
 * Marks the first sendable op in flight, in one transaction so an enqueue cannot replace it
 * meanwhile. An op is held back by an earlier op of its key (FIFO), by its backoff unless
 * forced, by an unknown kind (its module may load later) and by belonging to someone else.
 * An op found in flight was left by a runner that died: it is sent again with its key.
 */
async function claimNext(
  context: PassContext,
  owner: string,
  force: boolean,
  tried: Set<string>,
): Promise<OutboxOp | undefined> {
  const db = await context.database()
  const tx = db.transaction('outbox', 'readwrite')
  const now = context.now()
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

async function attempt(context: PassContext, op: OutboxOp): Promise<Outcome> {
  const { signal } = context
  // claimNext only hands out ops of registered kinds.
  const definition = operationDefinition(op.kind)!
  const parsed = v.safeParse(definition.schema, op.payload)
  if (!parsed.success) {
    const detail = parsed.issues.map((issue) => contractIssueText(i18n, issue.message)).join('; ')
    await reject(context, op, { status: -1, code: 'invalid_payload', detail })
    return 'done'
  }
  let result: unknown
  try {
    result = await definition.send(parsed.output, { idempotencyKey: op.id, signal })
  } catch (error) {
    if (signal.aborted) return 'aborted'
    const unreachable = error instanceof ApiError && error.status === 0
    context.setReachable(!unreachable)
    if ((definition.classify ?? classifyByStatus)(error) === 'permanent') {
      await reject(context, op, toOutboxError(error))
      return 'done'
    }
    await postpone(context, op, toOutboxError(error))
    // Without a connection the other ops would fail the same way: wait for the next trigger.
    return unreachable ? 'unreachable' : 'done'
  }
  context.setReachable(true)
  const db = await context.database()
  const tx = db.transaction(ENQUEUE_SCOPE, 'readwrite')
  const confirmedAt = context.now()
  await tx.objectStore('outbox').delete(op.seq!)
  await tx.objectStore('kv').put(confirmedAt, LAST_SYNCED_KEY)
  await definition.storeConfirmed?.(tx, { payload: parsed.output, result, confirmedAt })
  await tx.done
  // Left behind by a page that unloaded between its commit and its clean-up.
  context.journal.settle(op)
  context.publish({ type: 'synced', op, result })
  return 'done'
}

async function postpone(context: PassContext, op: OutboxOp, error: OutboxError): Promise<void> {
  const attempts = op.attempts + 1
  const nextAttemptAt = context.now() + backoffDelay(attempts, context.random)
  const db = await context.database()
  await db.put('outbox', { ...op, state: 'pending', attempts, nextAttemptAt, lastError: error })
}

async function reject(context: PassContext, op: OutboxOp, error: OutboxError): Promise<void> {
  const rejection: Rejection = {
    id: op.id,
    op: { ...op, state: 'pending' },
    error,
    rejectedAt: context.now(),
  }
  const db = await context.database()
  const tx = db.transaction(['outbox', 'rejections'], 'readwrite')
  await tx.objectStore('outbox').delete(op.seq!)
  await tx.objectStore('rejections').put(rejection)
  await tx.done
  context.publish({ type: 'rejected', rejection })
}
