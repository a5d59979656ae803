/**
 * Annotation save load benchmark on PostgreSQL: 300 simulated annotators, each saving an item of
 * its claimed set every ~2 s through the real endpoint (session cookie, CSRF, Idempotency-Key,
 * validation), then the maximum throughput of the save and of a bare single-row upsert endpoint
 * of the same app instance, measured in the same run. Prints p50/p95/p99 latency, throughput,
 * errors and the save/bare ratio against the targets (issue 4). Then the latency of claims on a
 * large task (100,000 items, 90 % done; --claim-items 0 leaves it out).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:save
 *   npx tsx bench/save-load.ts [--annotators 300] [--interval 2] [--warmup 5] [--duration 30]
 *     [--connections 64] [--closed-seconds 10] [--closed-rounds 5] [--pool N] [--items-per-set 20]
 *     [--claim-items 100000] [--claims 30]
 *
 * The server (this process) runs in a database it creates and drops; the load comes from a
 * child process of its own over loopback HTTP with keep-alive connections, so the client's work
 * does not run on the server's event loop. The exit code is non-zero only when a request failed;
 * missed targets are reported.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../contract/constants'
import { IDEMPOTENCY_KEY_HEADER } from '../contract/worker'
import { buildApp } from '../server/app'
import { defaultPoolSize, loadConfig } from '../server/config'
import { type DatabaseHandle, migrateDatabase } from '../server/db/client'
import { annotations, idempotencyKeys, users } from '../server/db/schema'
import { hashPassword } from '../server/modules/auth/passwords'
import {
  type Scenario,
  seedScenario,
  seedTask,
  seedWorker,
} from '../server/modules/worker-tasks/test-fixtures'
import { createScratchDatabase } from '../server/test/scratch-database'
import { commandOption, freeLoopbackPort, signInOverHttp } from './support'

const TARGET_P95_MS = 50
const TARGET_RATIO = 0.5
/** Unmeasured start of each closed-loop round, while its connections open. */
const CLOSED_WARMUP_SECONDS = 0.5
const PASSWORD = 'bench annotator password'
const BARE_TABLE = 'bench_bare_upserts'

type Options = {
  annotators: number
  /** Mean seconds between two saves of one annotator (uniform jitter of ±50 %). */
  interval: number
  warmup: number
  duration: number
  connections: number
  /** Measured seconds per endpoint in the closed-loop runs, split in alternating rounds. */
  closedSeconds: number
  closedRounds: number
  pool: number
  itemsPerSet: number
  /** Items of the large task the claim figure is taken on (0: no claim figure). */
  claimItems: number
  /** Claims timed on it, one after another. */
  claims: number
}

/** What the client process needs: where to send, and each annotator's session and set. */
type Setup = {
  base: string
  options: Options
  annotators: {
    userId: number
    cookie: string
    csrf: string
    itemSetId: number
    itemIds: number[]
  }[]
}

type Summary = {
  name: string
  requests: number
  errors: number
  seconds: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  /** CPU of the Node server and of its PostgreSQL backends per request, in ms (null: unknown). */
  nodeCpuMs: number
  postgresCpuMs: number | null
  errorSamples: string[]
}

/**
 * CPU time used so far, in ms: the server process, and each of its database backends by process
 * id (null when they cannot be read: PostgreSQL on another machine).
 */
type CpuReading = { node: number; postgres: Record<string, number> | null }
type CpuSpent = { node: number; postgres: number | null }

type ClientResult = {
  openLoop: Summary
  closedSave: Summary
  closedBare: Summary
  /** Saves answered 2xx over the whole client run, warm-ups included (checked against the database). */
  savesOk: number
}

function parseOptions(): Options {
  const option = (name: string, fallback: number, { orZero = false } = {}) => {
    const given = commandOption(`--${name}`)
    if (given === undefined) return fallback
    const value = Number(given)
    if (!Number.isFinite(value) || value < 0 || (value === 0 && !orZero)) {
      throw new Error(`--${name} needs a positive number${orZero ? ' or 0' : ''}`)
    }
    return value
  }
  return {
    annotators: option('annotators', 300),
    interval: option('interval', 2),
    warmup: option('warmup', 5),
    duration: option('duration', 30),
    connections: option('connections', 64),
    closedSeconds: option('closed-seconds', 10),
    closedRounds: option('closed-rounds', 5),
    pool: option('pool', defaultPoolSize()),
    itemsPerSet: option('items-per-set', 20),
    claimItems: option('claim-items', 100_000, { orZero: true }),
    claims: option('claims', 30),
  }
}

// ---------------------------------------------------------------- the load (client process)

type Outcome = { status: number; body: string; ms: number }

function send(
  agent: http.Agent,
  base: URL,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now()
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        headers: {
          ...headers,
          ...(body === '' ? {} : { 'content-type': 'application/json' }),
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        response.on('error', (error) =>
          resolve({ status: 0, body: String(error), ms: performance.now() - started }),
        )
      },
    )
    request.on('error', (error) =>
      resolve({ status: 0, body: String(error), ms: performance.now() - started }),
    )
    request.end(body)
  })
}

class Recorder {
  readonly latencies: number[] = []
  errors = 0
  readonly errorSamples: string[] = []
  /** Server CPU over the measured window, and how many requests it served then. */
  cpu: CpuSpent = { node: 0, postgres: 0 }

  spent(from: CpuReading, to: CpuReading) {
    let postgres: number | null = null
    if (this.cpu.postgres !== null && from.postgres && to.postgres) {
      // A backend the pool opened meanwhile counts whole; one it closed is left out.
      postgres = this.cpu.postgres
      for (const [pid, ms] of Object.entries(to.postgres))
        postgres += ms - (from.postgres[pid] ?? 0)
    }
    this.addCpu({ node: to.node - from.node, postgres })
  }

  private addCpu(spent: CpuSpent) {
    this.cpu = {
      node: this.cpu.node + spent.node,
      postgres:
        this.cpu.postgres === null || spent.postgres === null
          ? null
          : this.cpu.postgres + spent.postgres,
    }
  }

  add(outcome: Outcome, label: string) {
    this.latencies.push(outcome.ms)
    if (outcome.status < 200 || outcome.status >= 300) {
      this.errors += 1
      if (this.errorSamples.length < 5) {
        this.errorSamples.push(`${label} -> ${outcome.status} ${outcome.body.slice(0, 300)}`)
      }
    }
  }

  merge(other: Recorder) {
    for (const ms of other.latencies) this.latencies.push(ms)
    this.errors += other.errors
    this.addCpu(other.cpu)
    for (const sample of other.errorSamples)
      if (this.errorSamples.length < 5) this.errorSamples.push(sample)
  }

  summary(name: string, seconds: number): Summary {
    const sorted = Float64Array.from(this.latencies).sort()
    const at = (quantile: number) =>
      sorted.length === 0
        ? Number.NaN
        : sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!
    return {
      name,
      requests: sorted.length,
      errors: this.errors,
      seconds,
      perSecond: sorted.length / seconds,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
      nodeCpuMs: this.cpu.node / sorted.length,
      postgresCpuMs: this.cpu.postgres === null ? null : this.cpu.postgres / sorted.length,
      errorSamples: this.errorSamples,
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

const WORDS = 'the a speaker said we would meet again near old harbour before rain began'.split(' ')

function annotationData(): Record<string, string | number> {
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

async function runClient(setupFile: string): Promise<ClientResult> {
  const setup = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Setup
  const { options } = setup
  const base = new URL(setup.base)
  const origin = base.origin
  let savesOk = 0

  /** Client clocks: each annotator's client_updated_at only goes forward. */
  const clocks = setup.annotators.map(() => Date.now())
  const save = (agent: http.Agent, index: number) => {
    const annotator = setup.annotators[index]!
    const itemId = annotator.itemIds[Math.floor(Math.random() * annotator.itemIds.length)]!
    clocks[index] = Math.max(Date.now(), clocks[index]! + 1)
    const body = JSON.stringify({
      data: annotationData(),
      is_done: Math.random() < 0.3,
      client_updated_at: new Date(clocks[index]!).toISOString(),
    })
    return send(
      agent,
      base,
      'PUT',
      `${API_BASE}/endworker/item-sets/${annotator.itemSetId}/items/${itemId}/annotation/`,
      {
        cookie: annotator.cookie,
        [CSRF_HEADER]: annotator.csrf,
        origin,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      body,
    ).then((outcome) => {
      if (outcome.status >= 200 && outcome.status < 300) savesOk += 1
      return outcome
    })
  }
  // The bare endpoint needs no session; the CSRF hook sits on the app's root, so it gets the
  // token pair a browser would send anyway (no Origin: the check is a header compare).
  const bare = (agent: http.Agent, index: number) => {
    const annotator = setup.annotators[index]!
    const itemId = annotator.itemIds[Math.floor(Math.random() * annotator.itemIds.length)]!
    return send(
      agent,
      base,
      'PUT',
      `/bench/bare/${annotator.userId}/${itemId}/`,
      { cookie: `${CSRF_COOKIE}=${annotator.csrf}`, [CSRF_HEADER]: annotator.csrf },
      JSON.stringify({ data: annotationData() }),
    )
  }

  // The server's CPU at the edges of each measured window (a bench route, see runServer).
  const cpuAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const cpuAt = async (at: number): Promise<CpuReading> => {
    await sleep(at - performance.now())
    const outcome = await send(cpuAgent, base, 'GET', '/bench/cpu/', {}, '')
    if (outcome.status !== 200) throw new Error(`GET /bench/cpu/ answered ${outcome.status}`)
    return JSON.parse(outcome.body) as CpuReading
  }

  // Open loop: every annotator on a connection of its own, saving every interval ± 50 %.
  const openAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  const open = new Recorder()
  const startedAt = performance.now()
  const measureFrom = startedAt + options.warmup * 1000
  const measureUntil = measureFrom + options.duration * 1000
  const jitter = () => options.interval * 1000 * (0.5 + Math.random())
  const openCpu = Promise.all([cpuAt(measureFrom), cpuAt(measureUntil)])
  await Promise.all(
    setup.annotators.map(async (_, index) => {
      let next = startedAt + Math.random() * options.interval * 1000
      for (;;) {
        await sleep(next - performance.now())
        const sentAt = performance.now()
        if (sentAt >= measureUntil) return
        next = sentAt + jitter()
        const outcome = await save(openAgent, index)
        if (sentAt >= measureFrom) open.add(outcome, `save annotator ${index}`)
        else if (outcome.status < 200 || outcome.status >= 300) open.add(outcome, 'warm-up save')
      }
    }),
  )
  openAgent.destroy()
  open.spent(...(await openCpu))

  // Closed loop: `connections` requests always in flight. Connection c takes turns among the
  // annotators c, c + connections, c + 2 * connections, ..., so (with at least as many
  // annotators as connections) no annotator has two saves in flight.
  const closedRound = async (
    kind: (agent: http.Agent, index: number) => Promise<Outcome>,
    label: string,
    seconds: number,
  ) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
    const recorder = new Recorder()
    const begin = performance.now()
    const from = begin + CLOSED_WARMUP_SECONDS * 1000
    const until = from + seconds * 1000
    const cpu = Promise.all([cpuAt(from), cpuAt(until)])
    await Promise.all(
      Array.from({ length: options.connections }, async (_, connection) => {
        const count = setup.annotators.length
        const own = Array.from({ length: count }, (_, index) => index).filter(
          (index) => index % options.connections === connection % count,
        )
        for (let turn = 0; ; turn++) {
          const sentAt = performance.now()
          if (sentAt >= until) return
          const outcome = await kind(agent, own[turn % own.length]!)
          if (sentAt >= from) recorder.add(outcome, label)
          else if (outcome.status < 200 || outcome.status >= 300) recorder.add(outcome, label)
        }
      }),
    )
    agent.destroy()
    recorder.spent(...(await cpu))
    return recorder
  }
  const saveRecorder = new Recorder()
  const bareRecorder = new Recorder()
  const round = options.closedSeconds / options.closedRounds
  // Short alternating rounds, so the machine's other load, which changes from second to second,
  // weighs on both endpoints alike.
  for (let turn = 0; turn < options.closedRounds; turn++) {
    saveRecorder.merge(await closedRound(save, 'closed-loop save', round))
    bareRecorder.merge(await closedRound(bare, 'closed-loop bare upsert', round))
  }
  return {
    openLoop: open.summary(
      `save, ${setup.annotators.length} annotators every ~${options.interval} s`,
      options.duration,
    ),
    closedSave: saveRecorder.summary(
      `save, ${options.connections} connections, closed loop`,
      options.closedSeconds,
    ),
    closedBare: bareRecorder.summary(
      `bare upsert, ${options.connections} connections, closed loop`,
      options.closedSeconds,
    ),
    savesOk,
  }
}

/** CPU ms of processes by id, from /proc (Linux); null when one cannot be read. */
function processCpuMs(pids: number[]): Record<string, number> | null {
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  const cpu: Record<string, number> = {}
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
      cpu[pid] = (Number(fields[11]) + Number(fields[12])) * tick
    } catch {
      return null
    }
  }
  return cpu
}

// ---------------------------------------------------------------- the server (this process)

/** Runs `work` over `values` with at most `limit` at a time. */
async function inParallel<T, R>(
  values: T[],
  limit: number,
  work: (value: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(values.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, values.length) }, async () => {
      while (next < values.length) {
        const index = next++
        results[index] = await work(values[index]!, index)
      }
    }),
  )
  return results
}

async function postJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`)
  return JSON.parse(text) as unknown
}

const execFileAsync = promisify(execFile)

/** Share of the large task's items, the first in task order, that have their done annotation. */
const LARGE_TASK_DONE_SHARE = 0.9

/**
 * A task of `count` items of the scenario's type whose first 90 % each have a done annotation by
 * a worker who is not among the annotators, in expired sets of items_per_set items: a task whose
 * work is mostly done. Set-based SQL, then VACUUM ANALYZE, as autovacuum does after such a load
 * long before a task is this far along (else it runs during the claims and they measure it).
 */
async function seedLargeTask(
  database: Extract<DatabaseHandle, { kind: 'postgres' }>,
  scenario: Scenario,
  count: number,
) {
  const { db, pool } = database
  const { task } = await seedTask(db, scenario, { items: 0, task: { itemsTotal: count } })
  const author = await seedWorker(db, scenario)
  const done = Math.floor(count * LARGE_TASK_DONE_SHARE)
  const perSet = scenario.taskType.itemsPerSet
  await pool.query(
    `insert into items (task_id, position, data)
     select $1, g, jsonb_build_object('prompt', 'prompt ' || g,
                                      'recording', jsonb_build_object('uuid', gen_random_uuid()))
     from generate_series(0, $2 - 1) g`,
    [task.id, count],
  )
  await pool.query(
    `insert into item_sets (task_id, user_id, lock_expiration, position)
     select $1, $2, now() - interval '1 day', g from generate_series(0, $3 - 1) g`,
    [task.id, author.id, Math.ceil(done / perSet)],
  )
  await pool.query(
    `insert into item_set_items (item_set_id, item_id, position)
     select st.id, i.id, i.position
     from items i join item_sets st on st.task_id = i.task_id and st.position = i.position / $2
     where i.task_id = $1 and i.position < $3`,
    [task.id, perSet, done],
  )
  await pool.query(
    `insert into annotations (item_id, item_set_id, user_id, data, is_done, locked_at, client_updated_at)
     select s.item_id, s.item_set_id, $2, '{"transcript": "done"}', true, now(), now()
     from item_set_items s join item_sets st on st.id = s.item_set_id
     where st.task_id = $1`,
    [task.id, author.id],
  )
  await pool.query('vacuum analyze items, item_sets, item_set_items, annotations')
  return task.id
}

/**
 * Latencies of a claim of the task by each annotator given, one after another, sent from this
 * process (one request at a time, so the client's work hardly weighs on the server).
 */
async function timeClaims(base: string, headers: (() => Record<string, string>)[], taskId: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const url = new URL(base)
  const recorder = new Recorder()
  const started = performance.now()
  for (const [index, headersOf] of headers.entries()) {
    const outcome = await send(
      agent,
      url,
      'POST',
      `${API_BASE}/endworker/tasks/${taskId}/item-sets/`,
      { ...headersOf(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      '',
    )
    const emptySet =
      outcome.status === 201 &&
      (JSON.parse(outcome.body) as { items: unknown[] }).items.length === 0
    recorder.add(
      emptySet ? { ...outcome, status: 0, body: 'an empty set' } : outcome,
      `claim by annotator ${index}`,
    )
  }
  agent.destroy()
  return {
    first: recorder.latencies[0] ?? Number.NaN,
    summary: recorder.summary('claims', (performance.now() - started) / 1000),
  }
}

type ClaimFigure = { items: number; first: number; summary: Summary }

async function runServer(
  options: Options,
): Promise<{ result: ClientResult; stored: number; claims: ClaimFigure | null }> {
  const adminUrl = process.env.DATABASE_URL as string
  const { database, drop } = await createScratchDatabase(adminUrl, {
    prefix: 'bench_save',
    poolSize: options.pool,
  })
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-save-'))
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
    await pool.query(`create table ${BARE_TABLE} (
      user_id integer not null,
      item_id integer not null,
      data jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, item_id)
    )`)

    const scenario = await seedScenario(db, {
      type: { itemsPerSet: options.itemsPerSet, isFixedSets: false },
      items: options.annotators * options.itemsPerSet,
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
        HOST: '127.0.0.1',
        PORT: String(port),
      }),
      staticDir: null,
    }
    app = await buildApp({ config, database })
    // The baseline: one single-row upsert, no session, idempotency, validation or transaction.
    app.put('/bench/bare/:userId/:itemId/', async (request) => {
      const params = request.params as { userId: string; itemId: string }
      const body = request.body as { data: unknown }
      const { rows } = await pool.query(
        `insert into ${BARE_TABLE} (user_id, item_id, data) values ($1, $2, $3)
         on conflict (user_id, item_id) do update set data = excluded.data, updated_at = now()
         returning user_id, item_id, updated_at`,
        [Number(params.userId), Number(params.itemId), JSON.stringify(body.data)],
      )
      return rows[0]
    })
    // For the report: CPU of this process and of the bench database's backends (same machine).
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
    const claimed = performance.now()
    console.log(`load average before the load (1, 5, 15 min): ${loadAverage()}`)
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`
    console.log(
      `setup: ${annotators.length} annotators signed in with a claimed set of ` +
        `${options.itemsPerSet} items each (seed ${seconds(setupStarted, seeded)}, sign-in ` +
        `${seconds(seeded, signedIn)}, protocol + claim ${seconds(signedIn, claimed)}); server at ${base}, ` +
        `pool of ${options.pool} connections`,
    )
    const closedTotal = 2 * (options.closedSeconds + options.closedRounds * CLOSED_WARMUP_SECONDS)
    console.log(
      `load: ${options.warmup} s warm-up + ${options.duration} s measured, then closed loops ` +
        `(~${closedTotal} s)...`,
    )

    const setupFile = path.join(workDir, 'setup.json')
    fs.writeFileSync(setupFile, JSON.stringify({ base, options, annotators } satisfies Setup))
    // The client runs in its own process: the server's event loop stays the server's.
    const { stdout } = await execFileAsync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--client', setupFile],
      { maxBuffer: 16 << 20 },
    )
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as ClientResult

    // Every save answered 2xx stored its Idempotency-Key with its answer, exactly once.
    const [keys] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(and(like(idempotencyKeys.path, '%/annotation/'), eq(idempotencyKeys.statusCode, 200)))
    const stored = await db.$count(annotations)
    if (keys!.count !== result.savesOk) {
      throw new Error(`${result.savesOk} saves answered 2xx but ${keys!.count} keys were stored`)
    }

    let claims: ClaimFigure | null = null
    if (options.claimItems > 0) {
      const seedStarted = performance.now()
      const largeTaskId = await seedLargeTask(database, scenario, options.claimItems)
      console.log(
        `claims: seeded a task of ${options.claimItems.toLocaleString('en')} items, ` +
          `${LARGE_TASK_DONE_SHARE * 100} % done, in ${seconds(seedStarted, performance.now())}`,
      )
      const timed = await timeClaims(base, sessions.slice(0, options.claims), largeTaskId)
      claims = { items: options.claimItems, ...timed }
    }
    return { result, stored, claims }
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    await app?.close().catch(() => {})
    await drop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------- the report

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')

function report(
  options: Options,
  result: ClientResult,
  stored: number,
  claims: ClaimFigure | null,
): boolean {
  const summaries = [result.openLoop, result.closedSave, result.closedBare]
  const ms = (value: number) => value.toFixed(1)
  const header = [
    'scenario',
    'requests',
    'errors',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'server CPU ms/req',
    'PG CPU ms/req',
  ]
  const rows = summaries.map((summary) => [
    summary.name,
    summary.requests.toLocaleString('en'),
    String(summary.errors),
    summary.perSecond.toFixed(0),
    ms(summary.p50),
    ms(summary.p95),
    ms(summary.p99),
    ms(summary.max),
    summary.nodeCpuMs.toFixed(2),
    summary.postgresCpuMs === null ? '?' : summary.postgresCpuMs.toFixed(2),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join(' | ')
  console.log('')
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
  for (const row of rows) console.log(line(row))
  const offered = options.annotators / options.interval
  console.log(
    `\nopen loop: ${offered.toFixed(0)} saves/s offered (each annotator waits for its answer ` +
      `before its next save), ${options.duration} s measured after ${options.warmup} s of warm-up.` +
      `\nclosed loops: ${options.connections} connections, ${options.closedRounds} alternating rounds of ` +
      `${options.closedSeconds / options.closedRounds} s per endpoint (after ${CLOSED_WARMUP_SECONDS} s each), on a pool of ${options.pool}.` +
      '\nCPU per request: the Node server process and its PostgreSQL backends over the measured' +
      ` window (the load runs in another process). Load average now: ${loadAverage()}.`,
  )

  const ratio = result.closedSave.perSecond / result.closedBare.perSecond
  const p95 = result.openLoop.p95
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  console.log(`\nsave/bare throughput ratio: ${ratio.toFixed(2)}`)
  console.log(
    `${verdict(p95 < TARGET_P95_MS)}  p95 at ${options.annotators} annotators: ${ms(p95)} ms ` +
      `(target < ${TARGET_P95_MS} ms)`,
  )
  console.log(
    `${verdict(ratio >= TARGET_RATIO)}  save/bare throughput: ${ratio.toFixed(2)} ` +
      `(target >= ${TARGET_RATIO})`,
  )
  console.log(
    `\n${result.savesOk.toLocaleString('en')} saves answered 2xx in all (warm-ups included), ` +
      `each stored once under its Idempotency-Key; ${stored.toLocaleString('en')} annotations ` +
      'in the database.',
  )
  if (claims) {
    const { summary } = claims
    console.log(
      `\nclaims on a task of ${claims.items.toLocaleString('en')} items, ` +
        `${LARGE_TASK_DONE_SHARE * 100} % done: ${summary.requests} by different annotators, one ` +
        `after another: first ${ms(claims.first)} ms, p50 ${ms(summary.p50)} ms, ` +
        `p95 ${ms(summary.p95)} ms, max ${ms(summary.max)} ms.`,
    )
  }
  const failed = [...summaries, ...(claims ? [claims.summary] : [])].filter(
    (summary) => summary.errors > 0,
  )
  for (const summary of failed) {
    console.log(`\nerrors in "${summary.name}":`)
    for (const sample of summary.errorSamples) console.log(`  ${sample}`)
  }
  return failed.length === 0
}

async function main() {
  const setupFile = commandOption('--client')
  if (setupFile !== undefined) {
    // The child's last line of output is its result.
    console.log(JSON.stringify(await runClient(setupFile)))
    return
  }
  if (!process.env.DATABASE_URL) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server (a database is created and dropped there), e.g.\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:save',
    )
    process.exitCode = 2
    return
  }
  const options = parseOptions()
  const { result, stored, claims } = await runServer(options)
  if (!report(options, result, stored, claims)) process.exitCode = 1
}

await main()
