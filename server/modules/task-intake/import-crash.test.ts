import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE } from '../../../contract/constants'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../../db/client'
import { items, tasks } from '../../db/schema'
import { listFiles } from '../../test/harness'
import { createScratchDatabase } from '../../test/scratch-database'
import {
  freePort,
  type ServerProcess,
  serverProcessEnv,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process'
import { createUser, signInOverHttp } from '../../test/session-client'
import { TASK_IMPORT_QUEUE } from './jobs'
import { createDefinitions, requiredFields } from './test-support'

/**
 * kill -9 of the real server process in the middle of an import, then a restart: the import must
 * end consistent, with exactly the file's items. Runs on the database of the test project: a
 * PostgreSQL database of its own, or PGlite in a data directory.
 */

const ITEMS = 80_000
const onPostgres = process.env.TEST_DATABASE === 'postgres'

let workDir: string
let env: Record<string, string>
let base: string
/** Opens the database for the test's own reads (PGlite only while no server holds it). */
let openOwnDatabase: () => Promise<DatabaseHandle>
let dropDatabase: () => Promise<void> = async () => {}
let running: ServerProcess | null = null

async function startServer(): Promise<ServerProcess> {
  running = await startServerProcess(env)
  return running
}

async function stopServer(server: ServerProcess, signal: NodeJS.Signals) {
  await stopServerProcess(server, signal)
  running = null
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-crash-'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  const settings = { DATA_DIR: workDir, IMPORT_HEARTBEAT_SECONDS: '10' }
  env = serverProcessEnv(port, settings)
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, { prefix: 'crash' })
    env = serverProcessEnv(port, { ...settings, DATABASE_URL: scratch.url })
    openOwnDatabase = async () => scratch.database
    dropDatabase = scratch.drop
  } else {
    openOwnDatabase = () =>
      openDatabase({ kind: 'pglite', dataDir: workDir, owner: 'the crash test' })
  }
}, 60_000)

afterAll(async () => {
  if (running) await stopServer(running, 'SIGKILL')
  await dropDatabase()
  fs.rmSync(workDir, { recursive: true, force: true })
})

/** Runs `read` on the database; on PGlite it is closed again for the server to take. */
async function withDatabase<T>(read: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openOwnDatabase()
  try {
    return await read(database)
  } finally {
    if (!onPostgres) await database.close()
  }
}

describe('an import whose server is killed', () => {
  it('is taken up again after a restart and ends with exactly the items of the file', async () => {
    const seeded = await withDatabase(async (database) => {
      await migrateDatabase(database)
      const user = await createUser(database.db, { roles: ['client'] })
      return { user, defs: await createDefinitions(database.db, user.id) }
    })
    let server = await startServer()
    const headers = await signInOverHttp(base, seeded.user.username, seeded.user.password)

    const lines = Array.from({ length: ITEMS }, (_, index) => `{"prompt":"item ${index}"}`)
    const form = new FormData()
    for (const [name, value] of Object.entries(requiredFields(seeded.defs)))
      form.append(name, value)
    form.append('file', new Blob([lines.join('\n')]), 'items.jsonl')
    const upload = await fetch(`${base}${API_BASE}/client/tasks/`, {
      method: 'POST',
      headers: headers(),
      body: form,
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const { id } = (await upload.json()) as { id: number }
    const processing = async () => {
      const answer = await fetch(`${base}${API_BASE}/client/tasks/${id}/processing/`, {
        headers: headers(),
      })
      return (await answer.json()) as {
        status: string
        processed_items: number
        error: string | null
      }
    }

    // Killed once the first batches are in, before the last.
    for (;;) {
      const state = await processing()
      expect(state.status, 'the import ended before the server could be killed').toBe('PROCESSING')
      if (state.processed_items > 0) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await stopServer(server, 'SIGKILL')

    await withDatabase(async ({ db }) => {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, id))
      expect(task?.status).toBe('PROCESSING')
      const imported = await db.$count(items, eq(items.taskId, id))
      expect(imported).toBeGreaterThan(0)
      expect(imported).toBeLessThan(ITEMS)
      const jobs = await db.execute(
        sql`select state from pgboss.job where name = ${TASK_IMPORT_QUEUE}`,
      )
      expect((jobs as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'active' }])
    })

    server = await startServer()
    const deadline = Date.now() + 120_000
    let state = await processing()
    while (state.status === 'PROCESSING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      state = await processing()
    }
    expect(state).toEqual({
      status: 'CREATED',
      processed_items: ITEMS,
      total_items: ITEMS,
      error: null,
    })
    await stopServer(server, 'SIGTERM')

    await withDatabase(async ({ db }) => {
      const [counted] = await db
        .select({
          rows: sql<number>`count(*)::int`,
          positions: sql<number>`count(distinct ${items.position})::int`,
          last: sql<number>`max(${items.position})::int`,
        })
        .from(items)
        .where(eq(items.taskId, id))
      expect(counted).toEqual({ rows: ITEMS, positions: ITEMS, last: ITEMS - 1 })
    })
    // The uploaded file went with the import; nothing half-written is left.
    expect(listFiles(path.join(workDir, 'media'))).toEqual([])
  }, 300_000)
})
