import type { Db, Tx } from '../../db/client'
import type { WebhookDeliveryStatus } from '../../db/schema'
import { type JobLogger, type JobQueue, transactionConnection } from '../../jobs/queue'
import { RefusedTarget, type Resolver, resolveTarget } from './address-rules'
import { deliveryToSend, insertAttempt, settleDelivery } from './queries'
import type { Sender } from './sender'
import { signDelivery } from './signature'

export const WEBHOOK_QUEUE = 'webhooks.deliver'
export type DeliveryJobData = { deliveryId: number }

/** A delivery is retried for this long after its event; the last retry is at its end. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
const FIRST_RETRY_MS = 30_000

/** 30 s before the first retry, doubling each time: 30 s, 1 min, 2 min, … about 12 tries a day. */
export const exponentialRetryDelay = (retry: number) => FIRST_RETRY_MS * 2 ** (retry - 1)

export type DeliveryDeps = {
  db: Db
  logger: JobLogger
  allowPrivate: boolean
  resolve: Resolver
  send: Sender
  timeoutMs: number
  now: () => Date
  /** How long to wait before retry n (1 is the first retry). */
  retryDelay: (retry: number) => number
  /** Queues the next attempt in the transaction that records this one; null without a queue. */
  schedule: ((tx: Tx, deliveryId: number, at: Date) => Promise<void>) | null
}

/** When the attempt after a failed one is due, or null when the retry window is over. */
export function nextAttemptAt(
  createdAt: Date,
  failedAttempt: number,
  now: Date,
  retryDelay: (retry: number) => number,
): Date | null {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS
  if (now.getTime() >= deadline) return null
  return new Date(Math.min(now.getTime() + retryDelay(failedAttempt), deadline))
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof RefusedTarget) return `Refused: ${error.message}`
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `No answer within ${timeoutMs / 1000} s.`
  }
  const code = (error as { code?: unknown }).code
  if (error instanceof Error)
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message
  return String(error)
}

/**
 * One attempt at a pending delivery. A delivery of a deleted webhook is gone with it and one of
 * an inactive webhook is cancelled: neither sends anything. A 2xx answer delivers it; a refused
 * address (the SSRF rule) fails it for good; anything else (another status, a network error, no
 * answer in time) is retried with backoff until the retry window ends. The attempt and the next
 * one's job are written in one transaction, and only if no other attempt settled it meanwhile.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: number,
): Promise<WebhookDeliveryStatus | null> {
  const { db } = deps
  const row = await deliveryToSend(db, deliveryId)
  if (!row) return null
  const { delivery } = row
  if (delivery.status !== 'PENDING') return delivery.status
  if (!row.active) {
    await settleDelivery(db, delivery, { status: 'CANCELLED', nextAttemptAt: null })
    return 'CANCELLED'
  }
  const attempt = delivery.attempts + 1
  const attemptedAt = deps.now()
  const started = performance.now()
  let statusCode: number | null = null
  let error: string | null = null
  let retry = true
  try {
    const url = new URL(row.url)
    const target = await resolveTarget(url, deps.allowPrivate, deps.resolve)
    const timestamp = Math.floor(attemptedAt.getTime() / 1000)
    statusCode = await deps.send({
      url,
      target,
      body: delivery.body,
      timeoutMs: deps.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Crowdwork-Webhooks/1',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signDelivery(row.secret, delivery.messageId, timestamp, delivery.body),
      },
    })
    if (statusCode < 200 || statusCode > 299) error = `The receiver answered ${statusCode}.`
  } catch (failure) {
    retry = !(failure instanceof RefusedTarget)
    error = describeFailure(failure, deps.timeoutMs)
  }
  const durationMs = Math.round(performance.now() - started)
  const next =
    error !== null && retry
      ? nextAttemptAt(delivery.createdAt, attempt, deps.now(), deps.retryDelay)
      : null
  const status: WebhookDeliveryStatus = error === null ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED'
  return db.transaction(async (tx) => {
    if (!(await settleDelivery(tx, delivery, { status, nextAttemptAt: next }))) return null
    await insertAttempt(tx, { deliveryId, attempt, attemptedAt, statusCode, durationMs, error })
    if (next && deps.schedule) await deps.schedule(tx, deliveryId, next)
    return status
  })
}

/** Queues a delivery's (next) attempt in the transaction that makes it due. */
export async function queueDelivery(jobs: JobQueue, tx: Tx, deliveryId: number, at?: Date) {
  const data: DeliveryJobData = { deliveryId }
  await jobs.boss.send(WEBHOOK_QUEUE, data, {
    ...transactionConnection(tx),
    ...(at && { startAfter: at }),
  })
}

/**
 * Attempts run a few at a time (a slow receiver holds one for up to the timeout). A job lost
 * with its process is run again; its attempt starts from what the database says.
 */
export async function registerDeliveryWorker(queue: JobQueue, deps: DeliveryDeps) {
  const options = { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 }
  await queue.boss.createQueue(WEBHOOK_QUEUE, options)
  await queue.boss.work<DeliveryJobData>(
    WEBHOOK_QUEUE,
    { pollingIntervalSeconds: 2, batchSize: 8 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => attemptDelivery(deps, job.data.deliveryId)))
    },
  )
}
