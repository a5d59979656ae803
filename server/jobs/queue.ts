import { lt, type SQL, sql } from 'drizzle-orm'
import { type ConnectionOptions, fromDrizzle, fromPglite, PgBoss } from 'pg-boss'
import type { AppConfig } from '../config'
import type { DatabaseHandle, Db, Tx } from '../db/client'
import { idempotencyKeys, loginFailures, sessions } from '../db/schema'
import { removeDiscardedFiles } from '../modules/media/discarded-files'
import { removeAbandonedPlainAudio } from '../modules/media/protection/store-protected'
import { ABANDONED_WRITE_MS, type MediaStore } from '../modules/media/store/media-store'
import { registerLockExpiryJob } from './lock-expiry'

/** Pino-compatible, so the server passes its own logger. */
export type JobLogger = {
  error: (details: object, message: string) => void
  warn: (details: object, message: string) => void
}

/** What every job handler may use. */
export type JobContext = { db: Db; config: AppConfig; media: MediaStore; logger: JobLogger }

export type JobQueue = { boss: PgBoss; stop: () => Promise<void> }

export const PURGE_EXPIRED_QUEUE = 'maintenance.purge-expired'
const PURGE_SCHEDULE = '*/15 * * * *'
const LOGIN_FAILURE_RETENTION_MS = 24 * 60 * 60 * 1000
const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Starts pg-boss in the application's own database (its tables live in the `pgboss` schema).
 *
 * On PGlite it goes through pg-boss's adapter on the same single connection. PGlite runs every
 * statement behind its transaction lock, so pg-boss's statements simply queue behind an open
 * application transaction. The one way to deadlock is to call the queue from inside a transaction
 * and wait for it: send jobs there with `transactionConnection(tx)`.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  config: AppConfig,
  media: MediaStore,
  logger: JobLogger,
): Promise<JobQueue> {
  // Jobs that stopped sending heartbeats are found by the supervisor, which runs this often: a
  // job of a killed process is retried within about twice its heartbeat interval.
  const supervision = {
    superviseIntervalSeconds: superviseIntervalSeconds(config.importHeartbeatSeconds),
    monitorIntervalSeconds: superviseIntervalSeconds(config.importHeartbeatSeconds),
  }
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...supervision })
      : new PgBoss({
          connectionString: database.pool.options.connectionString,
          max: 4,
          application_name: 'crowdwork-jobs',
          ...supervision,
        })
  // An EventEmitter without an 'error' listener would crash the process on a failed poll.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'))
  await boss.start()

  const context: JobContext = { db: database.db, config, media, logger }
  // What uploads cut short by a crash left behind, and files whose removal a crash cut short.
  await sweepAbandonedWrites(media)
  await removeDiscardedFiles(database.db, media)
  await registerPurgeJob(boss, context)
  await registerLockExpiryJob(boss, context)

  return {
    boss,
    // The database is closed by its owner after this, so pg-boss must not outlive it.
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  }
}

/**
 * What killed writes left: temporary objects and incomplete uploads in the store, and plain
 * audio a killed protected import left in this machine's temp folder.
 */
async function sweepAbandonedWrites(media: MediaStore) {
  await media.sweep()
  await removeAbandonedPlainAudio(media, ABANDONED_WRITE_MS)
}

/** Half the heartbeat interval, and at most pg-boss's default of a minute. */
export const superviseIntervalSeconds = (heartbeatSeconds: number) =>
  Math.min(60, Math.max(1, Math.floor(heartbeatSeconds / 2)))

/**
 * Lets a job be sent in the same transaction as the write that causes it: the job exists exactly
 * when the write commits, and on PGlite the send does not wait for the transaction it runs in.
 */
export function transactionConnection(tx: Tx): ConnectionOptions {
  // Both drivers answer `execute` with `{ rows }`; the shared Db type only knows it as unknown.
  const execute = async (query: unknown) => (await tx.execute(query as SQL)) as { rows: unknown[] }
  return { db: fromDrizzle({ execute }, sql) }
}

async function registerPurgeJob(boss: PgBoss, context: JobContext) {
  // Exclusive: one purge queued or running at a time, however long a run takes.
  await boss.createQueue(PURGE_EXPIRED_QUEUE, { policy: 'exclusive', retryLimit: 1 })
  await boss.schedule(PURGE_EXPIRED_QUEUE, PURGE_SCHEDULE)
  // A purge that starts a little late is harmless, so the worker polls rarely.
  await boss.work(PURGE_EXPIRED_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await purgeExpiredRecords(context.db)
    await sweepAbandonedWrites(context.media)
    await removeDiscardedFiles(context.db, context.media)
  })
}

export type PurgeResult = { sessions: number; loginFailures: number; idempotencyKeys: number }

/**
 * Deletes what no request can use any more: expired sessions, login failures older than any
 * rate-limit window (a day), and idempotency keys older than any outbox replay (7 days).
 */
export async function purgeExpiredRecords(db: Db, now = new Date()): Promise<PurgeResult> {
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ idHash: sessions.idHash })
  const oldFailures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, new Date(now.getTime() - LOGIN_FAILURE_RETENTION_MS)))
    .returning({ id: loginFailures.id })
  const oldKeys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key })
  return {
    sessions: expiredSessions.length,
    loginFailures: oldFailures.length,
    idempotencyKeys: oldKeys.length,
  }
}
