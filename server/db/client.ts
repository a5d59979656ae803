import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { defaultPoolSize } from '../config'
import { acquireEmbeddedLock } from './embedded-lock'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export type DatabaseHandle =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> }

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` null keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null; owner: string }

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Opens PostgreSQL or embedded PGlite behind one Drizzle type. PGlite is a single connection that
 * queues every query behind any open transaction: inside `db.transaction(tx => ...)` use `tx`
 * only, since a query on `db` there would wait for the transaction that waits for it.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? defaultPoolSize(),
    })
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next checkout.
    })
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
    return { kind: 'postgres', db, pool, close: () => pool.end() }
  }
  const release = target.dataDir ? acquireEmbeddedLock(target.dataDir, target.owner) : () => {}
  try {
    // Loaded only here: the embedded engine's modules cost a server on PostgreSQL ~40 MiB resident.
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
    ])
    const pglite = await PGlite.create(
      target.dataDir ? path.join(target.dataDir, 'pglite') : undefined,
    )
    const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db
    return {
      kind: 'pglite',
      db,
      pglite,
      close: async () => {
        await pglite.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(drizzlePg(handle.pool), { migrationsFolder })
  } else {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ])
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder })
  }
}

export function databaseTargetFromConfig(
  config: { databaseUrl: string | undefined; databasePoolSize: number; dataDir: string },
  owner: string,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir, owner }
}
