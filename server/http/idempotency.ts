import { createHash } from 'node:crypto'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../contract/worker'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { idempotencyKeys } from '../db/schema'
import { badRequest, HttpError } from './errors'
import { currentUser } from './guards'
import { type ApiMessage, withValues } from './i18n'

/**
 * Idempotent writes for the offline outbox, which retries a write until it sees an answer and so
 * may deliver it twice. The route reads the key (`idempotencyOf`), the service runs its whole
 * write through `withIdempotency`, and the route answers with `sendAnswer`:
 *
 *   const answer = await saveThing(app.db, user, body, idempotencyOf(request))
 *   return sendAnswer(reply, answer)
 *
 * The key row is written in the same transaction as the write, before it: a crash keeps both or
 * neither, and a concurrent duplicate waits on the row's unique key until the first commits, then
 * answers what the first stored. Only successful answers are stored: a failed request changed
 * nothing, so its retry runs again and may succeed (say, once the protocol is confirmed).
 */

/** What identifies one request under its key. */
export type IdempotencyScope = {
  key: string
  userId: number
  method: string
  path: string
  /** SHA-256 of the parsed body, so a key reused for another edit is refused, not replayed. */
  requestHash: string
}

export type Answer<T> = { status: number; body: T }
export type IdempotentAnswer<T> = Answer<T> & { replayed: boolean }

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The request's Idempotency-Key scope, null without the header; a malformed key is a 400. */
export function idempotencyOf(request: FastifyRequest): IdempotencyScope | null {
  const keyed = keyedRequestOf(request)
  return keyed && { ...keyed, userId: currentUser(request).id }
}

/** A scope but its user, for a route that learns the user in its own statement. */
export type KeyedRequest = Omit<IdempotencyScope, 'userId'>

/** idempotencyOf without the user. */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (header === undefined) return null
  if (typeof header !== 'string' || !UUID_PATTERN.test(header)) {
    throw badRequest(msg`The Idempotency-Key header must be a UUID.`, {
      [IDEMPOTENCY_KEY_HEADER]: [msg`Send a UUID made by the client for this change.`],
    })
  }
  return {
    key: header.toLowerCase(),
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    requestHash: createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex'),
  }
}

const keyReused = (detail: ApiMessage) => new HttpError(422, 'idempotency_key_reused', detail)

/** The stored answer, when the request is the one it answered. */
function replay(
  stored: typeof idempotencyKeys.$inferSelect,
  scope: IdempotencyScope,
): IdempotentAnswer<unknown> {
  if (stored.method !== scope.method || stored.path !== scope.path) {
    throw keyReused(
      withValues(
        msg({
          message:
            'This Idempotency-Key was used for {method} {path}; use a new key for each change.',
        }),
        { method: stored.method, path: stored.path },
      ),
    )
  }
  if (stored.requestHash !== null && stored.requestHash !== scope.requestHash) {
    throw keyReused(
      msg`This Idempotency-Key was used with another request body; use a new key for each change.`,
    )
  }
  return { status: stored.statusCode, body: stored.body, replayed: true }
}

/**
 * Runs `work` in a transaction, storing its answer under the scope's key; a request whose key
 * is stored already gets the stored answer and `work` does not run. Without a scope the work
 * just runs in its transaction. A transaction PostgreSQL broke off as a deadlock's victim runs
 * once more: a hot write made by one statement (insertAnswer) locks its rows before the key,
 * this transaction the key first, so the two can deadlock on the same key.
 */
export async function withIdempotency<T>(
  db: Db,
  scope: IdempotencyScope | null,
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  try {
    return await idempotentTransaction(db, scope, work)
  } catch (error) {
    if (!isTransientConflict(error)) throw error
    return idempotentTransaction(db, scope, work)
  }
}

async function idempotentTransaction<T>(
  db: Db,
  scope: IdempotencyScope | null,
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  if (!scope) return { ...(await db.transaction(work)), replayed: false }
  return db.transaction(async (tx) => {
    const where = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key))
    // The purge may delete a week-old key between the insert and the read: then claim it again.
    for (;;) {
      // On PostgreSQL this waits while another transaction holds the same key uncommitted.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          key: scope.key,
          userId: scope.userId,
          method: scope.method,
          path: scope.path,
          requestHash: scope.requestHash,
          statusCode: 0,
          body: null,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (claimed.length > 0) break
      const [stored] = await tx.select().from(idempotencyKeys).where(where)
      if (stored) return replay(stored, scope) as IdempotentAnswer<T>
    }
    const answer = await work(tx)
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.status, body: answer.body })
      .where(where)
    return { ...answer, replayed: false }
  })
}

/**
 * For a hot write made by one statement instead of in withIdempotency's transaction: the insert
 * of the key row with a 200 answer, a step of that statement selecting the answer `body`
 * (jsonb) from `from`. Its values are placeholders, filled by answerValues. The statement keeps
 * both or neither. When the key is stored already, or a concurrent request with it commits
 * first, the statement fails on the key (isKeyTaken) having changed nothing; the request then
 * goes through withIdempotency, which replays or refuses it.
 */
export function insertAnswer(body: SQL, from: SQL): SQL {
  return sql`insert into ${idempotencyKeys}
    (key, user_id, method, path, request_hash, status_code, body)
    select ${sql.placeholder('idempotencyKey')}, ${sql.placeholder('idempotencyUserId')}::int,
      ${sql.placeholder('idempotencyMethod')}, ${sql.placeholder('idempotencyPath')},
      ${sql.placeholder('idempotencyRequestHash')}, 200, ${body}
    from ${from}`
}

/** The placeholder values of insertAnswer for the request's scope. */
export function answerValues(scope: IdempotencyScope) {
  return {
    idempotencyKey: scope.key,
    idempotencyUserId: scope.userId,
    idempotencyMethod: scope.method,
    idempotencyPath: scope.path,
    idempotencyRequestHash: scope.requestHash,
  }
}

/** Whether a statement with insertAnswer failed because its key is taken. */
export function isKeyTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'idempotency_keys_user_id_key_pk')
}

const TRANSIENT_CONFLICTS = new Set(['40P01', '40001'])

/**
 * Whether PostgreSQL broke the statement or transaction off as a deadlock's victim or for a
 * serialization failure: it changed nothing, and running it again may succeed.
 */
export function isTransientConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: string }
    if (code !== undefined && TRANSIENT_CONFLICTS.has(code)) return true
  }
  return false
}

/** Sends an answer of `withIdempotency`, marking a replay with `Idempotent-Replay: true`. */
export function sendAnswer<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true')
  return reply.code(answer.status).send(answer.body)
}
