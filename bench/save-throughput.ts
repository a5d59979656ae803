/**
 * Annotation save throughput against a baseline on PostgreSQL: `--connections` requests always in
 * flight, in short alternating rounds, through the real save endpoint and through a bare
 * single-row upsert endpoint added to the same app instance (no session, idempotency, validation
 * or transaction). Prints both endpoints' throughput, latency and CPU per request, and the ratio
 * of the save's throughput to the bare upsert's against the target (at least 0.5).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/save-throughput.ts
 *     [--annotators 300] [--connections 64] [--closed-seconds 10] [--closed-rounds 5]
 *     [--pool N] [--items-per-set 20]
 *
 * The exit code is non-zero only when a request failed; a missed target is reported.
 */
import http from 'node:http'
import { CSRF_COOKIE, CSRF_HEADER } from '../contract/constants'
import { defaultPoolSize } from '../server/config'
import {
  type Annotator,
  annotationData,
  annotationSaver,
  needsPostgres,
  runAsLoadClient,
  runLoadClient,
  savesStoredOnce,
  withAnnotatorServer,
} from './annotator-server'
import {
  cpuReader,
  loadAverage,
  type Outcome,
  printSummaries,
  Recorder,
  reportErrors,
  type Summary,
  send,
  verdict,
} from './http-load'
import { numberOption } from './support'

const TARGET_RATIO = 0.5
/** Unmeasured start of each round, while its connections open. */
const ROUND_WARMUP_SECONDS = 0.5
const BARE_TABLE = 'bench_bare_upserts'

type Options = {
  annotators: number
  connections: number
  /** Measured seconds per endpoint, split in alternating rounds. */
  closedSeconds: number
  closedRounds: number
  pool: number
  itemsPerSet: number
}

type Setup = { base: string; options: Options; annotators: Annotator[] }
type Result = { save: Summary; bare: Summary; savesOk: number }

const parseOptions = (): Options => ({
  annotators: numberOption('annotators', 300),
  connections: numberOption('connections', 64),
  closedSeconds: numberOption('closed-seconds', 10),
  closedRounds: numberOption('closed-rounds', 5),
  pool: numberOption('pool', defaultPoolSize()),
  itemsPerSet: numberOption('items-per-set', 20),
})

type Request = (agent: http.Agent, index: number) => Promise<Outcome>

/**
 * Closed loops: `connections` requests always in flight. Connection c takes turns among the
 * annotators c, c + connections, c + 2 * connections, ..., so (with at least as many annotators
 * as connections) no annotator has two saves in flight.
 */
async function closedLoops({ base, options, annotators }: Setup): Promise<Result> {
  const url = new URL(base)
  const saver = annotationSaver(url, annotators)
  // The bare endpoint needs no session; the CSRF hook sits on the app's root, so it gets the
  // token pair a browser would send anyway (no Origin: the check is a header compare).
  const bare: Request = (agent, index) => {
    const annotator = annotators[index]!
    const itemId = annotator.itemIds[Math.floor(Math.random() * annotator.itemIds.length)]!
    return send(
      agent,
      url,
      'PUT',
      `/bench/bare/${annotator.userId}/${itemId}/`,
      { cookie: `${CSRF_COOKIE}=${annotator.csrf}`, [CSRF_HEADER]: annotator.csrf },
      JSON.stringify({ data: annotationData() }),
    )
  }
  const cpuAt = cpuReader(url)
  const round = async (request: Request, label: string, seconds: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
    const recorder = new Recorder()
    const from = performance.now() + ROUND_WARMUP_SECONDS * 1000
    const until = from + seconds * 1000
    const cpu = Promise.all([cpuAt(from), cpuAt(until)])
    await Promise.all(
      Array.from({ length: options.connections }, async (_, connection) => {
        const count = annotators.length
        const own = Array.from({ length: count }, (_, index) => index).filter(
          (index) => index % options.connections === connection % count,
        )
        for (let turn = 0; ; turn++) {
          const sentAt = performance.now()
          if (sentAt >= until) return
          const outcome = await request(agent, own[turn % own.length]!)
          if (sentAt >= from) recorder.add(outcome, label)
          else if (outcome.status < 200 || outcome.status >= 300) recorder.add(outcome, label)
        }
      }),
    )
    agent.destroy()
    recorder.spent(...(await cpu))
    return recorder
  }
  const saves = new Recorder()
  const bares = new Recorder()
  const seconds = options.closedSeconds / options.closedRounds
  // Short alternating rounds, so the machine's other load, which changes from second to second,
  // weighs on both endpoints alike.
  for (let turn = 0; turn < options.closedRounds; turn++) {
    saves.merge(await round(saver.save, 'save', seconds))
    bares.merge(await round(bare, 'bare upsert', seconds))
  }
  const name = (what: string) => `${what}, ${options.connections} connections, closed loop`
  return {
    save: saves.summary(name('save'), options.closedSeconds),
    bare: bares.summary(name('bare upsert'), options.closedSeconds),
    savesOk: saver.ok(),
  }
}

async function main() {
  if (await runAsLoadClient(closedLoops)) return
  if (!needsPostgres('npx tsx bench/save-throughput.ts')) return
  const options = parseOptions()
  const server = {
    name: 'bench_save_throughput',
    ...options,
    // The baseline: one single-row upsert of the same JSON into a two-key table.
    routes: (app, pool) => {
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
    },
  } satisfies Parameters<typeof withAnnotatorServer>[0]
  await withAnnotatorServer(server, async (running) => {
    await running.database.pool.query(`create table ${BARE_TABLE} (
      user_id integer not null,
      item_id integer not null,
      data jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, item_id)
    )`)
    const total = 2 * (options.closedSeconds + options.closedRounds * ROUND_WARMUP_SECONDS)
    console.log(`load: closed loops, ~${total} s...`)
    const { save, bare, savesOk } = await runLoadClient<Setup, Result>(import.meta.url, running, {
      base: running.base,
      options,
      annotators: running.annotators,
    })
    const stored = await savesStoredOnce(running, savesOk)

    printSummaries([save, bare])
    console.log(
      `\n${options.connections} connections, ${options.closedRounds} alternating rounds of ` +
        `${options.closedSeconds / options.closedRounds} s per endpoint (after ` +
        `${ROUND_WARMUP_SECONDS} s each), on a pool of ${options.pool}. CPU per request: the ` +
        'Node server process and its PostgreSQL backends over the measured windows. Load ' +
        `average now: ${loadAverage()}.`,
    )
    const ratio = save.perSecond / bare.perSecond
    console.log(
      `\n${verdict(ratio >= TARGET_RATIO)}  save/bare throughput: ${ratio.toFixed(2)} ` +
        `(target >= ${TARGET_RATIO})`,
    )
    console.log(
      `\n${savesOk.toLocaleString('en')} saves answered 2xx in all, each stored once under its ` +
        `Idempotency-Key; ${stored.toLocaleString('en')} annotations in the database.`,
    )
    if (!reportErrors([save, bare])) process.exitCode = 1
  })
}

await main()
