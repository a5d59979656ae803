import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BuildAppOptions, buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/client'
import type { MediaStore } from '../modules/media/store/media-store'
import { createScratchDatabase } from './scratch-database'

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
  const { database, drop } = await createScratchDatabase(adminUrl, { prefix: 'test', poolSize: 20 })
  await migrateDatabase(database)
  return { database, drop }
}

export const TEST_MEDIA_KEY_SECRET = 'the media key secret of the tests'

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    staticDir: null,
    // Given, so that no test writes a generated one into the working copy's data folder.
    mediaKeySecret: TEST_MEDIA_KEY_SECRET,
    ...overrides,
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A real app on a real database; close() drops what it made. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  {
    jobs = false,
    observeRoutes,
    logStream,
    media,
  }: Pick<BuildAppOptions, 'jobs' | 'observeRoutes' | 'logStream' | 'media'> = {},
) {
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    jobs,
    observeRoutes,
    // A test that reads the log gets one, at the level its config names.
    logger: logStream !== undefined,
    logStream,
    media,
  })
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

/** The test app's media folder (its store is `app.media`), for tests that look at the files. */
export type MediaTestApp = TestApp & { mediaDir: string; media: MediaStore }

/** A test app whose media go to a temporary directory of their own, removed by close(). */
export async function createTestAppWithMedia(
  name: string,
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'jobs' | 'observeRoutes' | 'logStream'> = {},
): Promise<MediaTestApp> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const t = await createTestApp({ mediaDir, ...overrides }, options)
  return {
    ...t,
    mediaDir,
    media: t.app.media,
    close: async () => {
      await t.close()
      fs.rmSync(mediaDir, { recursive: true, force: true })
    },
  }
}

/** Where the local media store keeps the file of a key. */
export function mediaFilePath(mediaDir: string, storageKey: string): string {
  return path.join(mediaDir, storageKey)
}

/** Every file below a directory, by path; none when it does not exist. */
export function listFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return []
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}
