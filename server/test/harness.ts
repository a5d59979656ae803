import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/client'

/**
 * The database a server test runs on: embedded PGlite in memory by default, or a fresh database on
 * the PostgreSQL of DATABASE_URL when the vitest project sets TEST_DATABASE=postgres.
 */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle
  drop: () => Promise<void>
}> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, owner: 'test' })
    await migrateDatabase(database)
    return { database, drop: () => database.close() }
  }
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL')
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 })
  await migrateDatabase(database)
  return {
    database,
    drop: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), staticDir: null, ...overrides }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A real app on a real database; close() drops what it made. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { jobs = false }: { jobs?: boolean } = {},
) {
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({ config: testConfig(overrides), database, jobs })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close()
      await drop()
    },
  }
}
