import type * as v from 'valibot'
import { ApiError, api, type RequestOptions } from '../api/client'
import type { EnqueueTx, OutboxError } from './db'

export type FailureKind = 'transient' | 'permanent'

export type SendContext = {
  /** The op's client UUID; the server stores its first answer per key and replays it. */
  idempotencyKey: string
  /** Aborted when the engine stops (tab closing, tests); the op is then sent again later. */
  signal: AbortSignal
}

export type OperationDefinition<TPayload> = {
  /** Checked on enqueue and again before each send (a stored op may predate an app update). */
  schema: v.GenericSchema<unknown, TPayload>
  /**
   * Ops of the same kind and key coalesce: a newer one replaces an older one still waiting, and
   * queues behind one being sent. Without it, every op is sent, each on its own.
   */
  coalesceKey?: (payload: TPayload) => string
  send: (payload: TPayload, context: SendContext) => Promise<unknown>
  /**
   * Writes the change's local copy (e.g. the annotation draft) in the transaction that stores
   * the op, on enqueue and again when the journal is folded at the next start: keep the newest
   * by the payload's own stamp, since a folded op may be older than what is stored.
   */
  storeLocally?: (tx: EnqueueTx, payload: TPayload) => Promise<unknown>
  /**
   * Writes the server's answer into the change's local copy in the transaction that removes the
   * op, so a reload never finds the op gone and the copy older than what the server holds (and
   * may drop the local edit the answer now covers). `confirmedAt` is the engine's clock.
   */
  storeConfirmed?: (
    tx: EnqueueTx,
    confirmed: { payload: TPayload; result: unknown; confirmedAt: number },
  ) => Promise<unknown>
  /**
   * The item set whose copy on the device the change belongs to: the copy is kept while the op
   * waits or stays rejected (item-set-cleanup.ts). Absent for changes of no item set.
   */
  itemSetOf?: (payload: TPayload) => number
  /**
   * Ops the app makes on its own (activity samples), not changes the user made: sent like any
   * other, but left out of the unsynced-changes count the user is shown and warned about.
   */
  background?: boolean
  /** Defaults to `classifyByStatus`. */
  classify?: (error: unknown) => FailureKind
}

/**
 * Payload types by kind, for typed `enqueue` calls. An area adds its kind by augmentation:
 * `declare module '../../offline/registry' { interface OperationPayloads { 'review.save': ReviewSave } }`
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each area
export interface OperationPayloads {}

export type PayloadOf<K extends string> = K extends keyof OperationPayloads
  ? OperationPayloads[K]
  : unknown

const definitions = new Map<string, OperationDefinition<unknown>>()

/**
 * Registers (or, on a hot reload, replaces) a kind. Register it in a module loaded at start-up:
 * ops of a kind nobody registered yet stay queued, untouched, until it is.
 */
export function registerOperation<K extends string, P extends PayloadOf<K>>(
  kind: K,
  definition: OperationDefinition<P>,
): void {
  definitions.set(kind, definition as OperationDefinition<unknown>)
}

export function operationDefinition(kind: string): OperationDefinition<unknown> | undefined {
  return definitions.get(kind)
}

/**
 * Statuses an outbox send answers itself, kept from the global error toasts. 401 is left out on
 * purpose: the global handler signs the user out, and their queued changes go after sign-in.
 */
const OUTBOX_HANDLED_STATUSES = [400, 403, 404, 408, 409, 410, 413, 422, 429, 500, 502, 503, 504]
const OUTBOX_SEND_TIMEOUT_MS = 30_000

/** The request of an outbox send: keyed, bounded in time, and quiet about its failures. */
export function sendWithKey<TOutput = unknown>(
  path: string,
  options: Pick<RequestOptions<TOutput>, 'method' | 'body' | 'schema'>,
  { idempotencyKey, signal }: SendContext,
): Promise<TOutput> {
  return api(path, {
    ...options,
    signal,
    timeoutMs: OUTBOX_SEND_TIMEOUT_MS,
    headers: { 'Idempotency-Key': idempotencyKey },
    handledStatuses: OUTBOX_HANDLED_STATUSES,
  })
}

/**
 * No answer, a time-out, throttling or a server fault may pass; a 401 or a stale CSRF token end
 * with the next sign-in. Any other answer (expired lock, finished task, invalid data, not found)
 * will not change by sending again, nor will an error that is no ApiError (a bug).
 */
export function classifyByStatus(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'permanent'
  const { status, code } = error
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'transient'
  if (status === 401 || code === 'csrf_failed') return 'transient'
  return 'permanent'
}

export function toOutboxError(error: unknown): OutboxError {
  if (error instanceof ApiError) {
    const { status, code, detail, fields } = error
    return fields ? { status, code, detail, fields } : { status, code, detail }
  }
  return { status: -1, code: 'client_error', detail: String(error) }
}
