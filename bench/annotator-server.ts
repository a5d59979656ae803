/**
 * The server the annotation benchmarks load, on PostgreSQL: the real app in a database of its
 * own (created here, dropped at the end, on failure and on Ctrl-C), one task type and an
 * IN_PROGRESS task of dynamic sets, and annotators who signed in, confirmed the protocol and
 * (unless told not to) claimed a set, all through the real API over loopback HTTP. The load
 * comes from a child process of its own, so the client's work does not run on the server's event
 * loop; its setup travels in a file and its result on its last line of output.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type pg from 'pg'
import { API_BASE, CSRF_HEADER } from '../contract/constants'
import { IDEMPOTENCY_KEY_HEADER } from '../contract/worker'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { type DatabaseHandle, migrateDatabase } from '../server/db/client'
import { annotations, idempotencyKeys, users } from '../server/db/schema'
import { hashPassword } from '../server/modules/auth/passwords'
import {
  type Scenario,
  seedScenario,
  seedWorker,
} from '../server/modules/worker-tasks/test-fixtures'
import { createScratchDatabase } from '../server/test/scratch-database'
import {
  type CpuReading,
  inParallel,
  loadAverage,
  type Outcome,
  postJson,
  processCpuMs,
  send,
} from './http-load'
import { commandOption, freeLoopbackPort, signInOverHttp } from './support'

const PASSWORD = 'bench annotator password'

/** An annotator as the load client sees it: its session and its claimed set. */
export type Annotator = {
  userId: number
  cookie: string
  csrf: string
  itemSetId: number
  itemIds: number[]
}

export type AnnotatorServer = {
  base: string
  database: Extract<DatabaseHandle, { kind: 'postgres' }>
  scenario: Scenario
  /** Each annotator's request headers (session cookie, CSRF, Origin), in seeding order. */
  sessions: (() => Record<string, string>)[]
  /** The annotators with their claimed sets (empty when `claimSets` is false). */
  annotators: Annotator[]
  workDir: string
}

export type AnnotatorServerOptions = {
  /** Prefix of the scratch database's name. */
  name: string
  annotators: number
  itemsPerSet: number
  pool: number
  /** Claim a set of the task for each annotator (default); the claim benchmark claims its own. */
  claimSets?: boolean
  /** Routes the benchmark adds to the app (its baselines), given the database's pool. */
  routes?: (app: Awaited<ReturnType<typeof buildApp>>, pool: pg.Pool) => void
}

/** Stops with the way to run the benchmark when DATABASE_URL is not set; true when it is. */
export function needsPostgres(script: string): boolean {
  if (process.env.DATABASE_URL) return true
  console.error(
    'Set DATABASE_URL to a PostgreSQL server (a database is created and dropped there), e.g.\n' +
      `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ${script}`,
  )
  process.exitCode = 2
  return false
}

/** Runs `work` against a freshly seeded server, then closes it and drops its database. */
export async function withAnnotatorServer<T>(
  options: AnnotatorServerOptions,
  work: (server: AnnotatorServer) => Promise<T>,
): Promise<T> {
  const adminUrl = process.env.DATABASE_URL as string
  const { database, drop } = await createScratchDatabase(adminUrl, {
    prefix: options.name,
    poolSize: options.pool,
  })
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`))
  let app: Awaited<ReturnType<typeof buildApp>> | null = null
  // Ctrl-C still drops the database.
  const onSignal = () => {
    void (async () => {
      await app?.close().catch(() => {})
      await drop().catch(() => {})
      process.exit(130)
    })()
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const { db, pool } = database
    const setupStarted = performance.now()
    await migrateDatabase(database)
    const claimSets = options.claimSets ?? true
    const scenario = await seedScenario(db, {
      type: { itemsPerSet: options.itemsPerSet, isFixedSets: false },
      items: claimSets ? options.annotators * options.itemsPerSet : 0,
    })
    const workers = await inParallel(
      Array.from({ length: options.annotators }, (_, index) => index),
      8,
      () => seedWorker(db, scenario, { confirmedProtocol: false }),
    )
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(
        inArray(
          users.id,
          workers.map((worker) => worker.id),
        ),
      )

    const port = await freeLoopbackPort()
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: workDir,
        DATABASE_URL: adminUrl,
        MEDIA_KEY_SECRET: 'the media key secret of the benchmark',
        HOST: '127.0.0.1',
        PORT: String(port),
      }),
      staticDir: null,
    }
    app = await buildApp({ config, database })
    // For the reports: CPU of this process and of the bench database's backends (same machine).
    app.get('/bench/cpu/', async () => {
      const { user, system } = process.cpuUsage()
      const { rows } = await pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database()
         and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      )
      return {
        node: (user + system) / 1000,
        postgres: processCpuMs(rows.map((row) => row.pid)),
      } satisfies CpuReading
    })
    options.routes?.(app, pool)
    const base = await app.listen({ port, host: '127.0.0.1' })

    // Each annotator signs in, confirms the protocol and claims a set, through the real API.
    const seeded = performance.now()
    const sessions = await inParallel(workers, 8, (worker) =>
      signInOverHttp(base, worker.username, PASSWORD),
    )
    const signedIn = performance.now()
    const annotators = await inParallel(workers, 8, async (worker, index) => {
      const headers = sessions[index]!
      await postJson(
        `${base}${API_BASE}/endworker/protocols/${scenario.protocolId}/confirm/`,
        headers(),
      )
      if (!claimSets) return null
      const set = (await postJson(
        `${base}${API_BASE}/endworker/tasks/${scenario.task.id}/item-sets/`,
        headers(),
      )) as { id: number; items: { id: number }[] }
      if (set.items.length === 0) throw new Error(`annotator ${worker.id} got an empty set`)
      const { cookie, [CSRF_HEADER]: csrf } = headers()
      return {
        userId: worker.id,
        cookie: cookie!,
        csrf: csrf!,
        itemSetId: set.id,
        itemIds: set.items.map((item) => item.id),
      }
    })
    const ready = performance.now()
    console.log(`load average before the load (1, 5, 15 min): ${loadAverage()}`)
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`
    console.log(
      `setup: ${workers.length} annotators signed in${claimSets ? ` with a claimed set of ${options.itemsPerSet} items each` : ''} ` +
        `(seed ${seconds(setupStarted, seeded)}, sign-in ${seconds(seeded, signedIn)}, ` +
        `protocol${claimSets ? ' + claim' : ''} ${seconds(signedIn, ready)}); server at ${base}, ` +
        `pool of ${options.pool} connections`,
    )
    return await work({
      base,
      database,
      scenario,
      sessions,
      annotators: annotators.filter((annotator) => annotator !== null),
      workDir,
    })
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    await app?.close().catch(() => {})
    await drop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

const execFileAsync = promisify(execFile)

/**
 * Runs the calling script (`scriptUrl`) again as the load client, with `--client` and a file
 * holding `setup`; answers the result the client printed last.
 */
export async function runLoadClient<TSetup, TResult>(
  scriptUrl: string,
  server: AnnotatorServer,
  setup: TSetup,
): Promise<TResult> {
  const setupFile = path.join(server.workDir, 'setup.json')
  fs.writeFileSync(setupFile, JSON.stringify(setup))
  const { stdout } = await execFileAsync(
    process.execPath,
    [...process.execArgv, fileURLToPath(scriptUrl), '--client', setupFile],
    { maxBuffer: 16 << 20 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as TResult
}

/**
 * In the load client's process: runs `client` on the setup the server wrote and prints its
 * result as the last line. Answers false in the server's process, where there is no client setup.
 */
export async function runAsLoadClient<TSetup, TResult>(
  client: (setup: TSetup) => Promise<TResult>,
): Promise<boolean> {
  const setupFile = commandOption('--client')
  if (setupFile === undefined) return false
  const setup = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as TSetup
  console.log(JSON.stringify(await client(setup)))
  return true
}

/**
 * Checks that every save answered 2xx stored its Idempotency-Key with its answer, exactly once;
 * answers the number of annotations in the database.
 */
export async function savesStoredOnce(server: AnnotatorServer, savesOk: number): Promise<number> {
  const { db } = server.database
  const [keys] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(and(like(idempotencyKeys.path, '%/annotation/'), eq(idempotencyKeys.statusCode, 200)))
  if (keys!.count !== savesOk) {
    throw new Error(`${savesOk} saves answered 2xx but ${keys!.count} keys were stored`)
  }
  return db.$count(annotations)
}

const WORDS = 'the a speaker said we would meet again near old harbour before rain began'.split(' ')

/** A random annotation of the scenario's schema: the four fields its validators check. */
export function annotationData(): Record<string, string | number> {
  const words = 1 + Math.floor(Math.random() * 6)
  const transcript = Array.from(
    { length: words },
    () => WORDS[Math.floor(Math.random() * WORDS.length)],
  ).join(' ')
  const ok = Math.random() < 0.8
  return {
    transcript,
    ok: String(ok),
    note: ok ? '' : 'noise',
    count: words,
  }
}

/**
 * The annotators' saves through the real endpoint (session cookie, CSRF cookie and header,
 * Origin, a fresh Idempotency-Key, a growing `client_updated_at`), each of a random item of the
 * annotator's set; `ok()` counts those answered 2xx.
 */
export function annotationSaver(base: URL, annotators: Annotator[]) {
  let savesOk = 0
  /** Client clocks: each annotator's client_updated_at only goes forward. */
  const clocks = annotators.map(() => Date.now())
  const save = async (agent: http.Agent, index: number): Promise<Outcome> => {
    const annotator = annotators[index]!
    const itemId = annotator.itemIds[Math.floor(Math.random() * annotator.itemIds.length)]!
    clocks[index] = Math.max(Date.now(), clocks[index]! + 1)
    const outcome = await send(
      agent,
      base,
      'PUT',
      `${API_BASE}/endworker/item-sets/${annotator.itemSetId}/items/${itemId}/annotation/`,
      {
        cookie: annotator.cookie,
        [CSRF_HEADER]: annotator.csrf,
        origin: base.origin,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      JSON.stringify({
        data: annotationData(),
        is_done: Math.random() < 0.3,
        client_updated_at: new Date(clocks[index]!).toISOString(),
      }),
    )
    if (outcome.status >= 200 && outcome.status < 300) savesOk += 1
    return outcome
  }
  return { save, ok: () => savesOk }
}
