/**
 * Annotation save latency under load on PostgreSQL: 300 simulated annotators, each saving an item
 * of its claimed set every ~2 s (± 50 %) through the real endpoint, an annotator waiting for its
 * answer before its next save as the outbox does. Prints p50/p95/p99 latency, throughput, errors
 * and the server's CPU per save against the target (p95 under 50 ms).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/save-latency.ts
 *     [--annotators 300] [--interval 2] [--warmup 5] [--duration 30] [--pool N]
 *     [--items-per-set 20]
 *
 * The exit code is non-zero only when a request failed; a missed target is reported.
 */
import http from 'node:http'
import { defaultPoolSize } from '../server/config'
import {
  type Annotator,
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
  ms,
  printSummaries,
  Recorder,
  reportErrors,
  type Summary,
  sleep,
  verdict,
} from './http-load'
import { numberOption } from './support'

const TARGET_P95_MS = 50

type Options = {
  annotators: number
  /** Mean seconds between two saves of one annotator (uniform jitter of ±50 %). */
  interval: number
  warmup: number
  duration: number
  pool: number
  itemsPerSet: number
}

type Setup = { base: string; options: Options; annotators: Annotator[] }
type Result = { summary: Summary; savesOk: number }

const parseOptions = (): Options => ({
  annotators: numberOption('annotators', 300),
  interval: numberOption('interval', 2),
  warmup: numberOption('warmup', 5),
  duration: numberOption('duration', 30),
  pool: numberOption('pool', defaultPoolSize()),
  itemsPerSet: numberOption('items-per-set', 20),
})

/** Open loop: every annotator on a connection of its own, saving every interval ± 50 %. */
async function openLoop({ base, options, annotators }: Setup): Promise<Result> {
  const url = new URL(base)
  const saver = annotationSaver(url, annotators)
  const cpuAt = cpuReader(url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  const recorder = new Recorder()
  const startedAt = performance.now()
  const measureFrom = startedAt + options.warmup * 1000
  const measureUntil = measureFrom + options.duration * 1000
  const jitter = () => options.interval * 1000 * (0.5 + Math.random())
  const cpu = Promise.all([cpuAt(measureFrom), cpuAt(measureUntil)])
  await Promise.all(
    annotators.map(async (_, index) => {
      let next = startedAt + Math.random() * options.interval * 1000
      for (;;) {
        await sleep(next - performance.now())
        const sentAt = performance.now()
        if (sentAt >= measureUntil) return
        next = sentAt + jitter()
        const outcome = await saver.save(agent, index)
        if (sentAt >= measureFrom) recorder.add(outcome, `save annotator ${index}`)
        else if (outcome.status < 200 || outcome.status >= 300)
          recorder.add(outcome, 'warm-up save')
      }
    }),
  )
  agent.destroy()
  recorder.spent(...(await cpu))
  const name = `save, ${annotators.length} annotators every ~${options.interval} s`
  return { summary: recorder.summary(name, options.duration), savesOk: saver.ok() }
}

async function main() {
  if (await runAsLoadClient(openLoop)) return
  if (!needsPostgres('npx tsx bench/save-latency.ts')) return
  const options = parseOptions()
  await withAnnotatorServer({ name: 'bench_save_latency', ...options }, async (server) => {
    console.log(`load: ${options.warmup} s warm-up + ${options.duration} s measured...`)
    const { summary, savesOk } = await runLoadClient<Setup, Result>(import.meta.url, server, {
      base: server.base,
      options,
      annotators: server.annotators,
    })
    const stored = await savesStoredOnce(server, savesOk)

    printSummaries([summary])
    const offered = options.annotators / options.interval
    console.log(
      `\n${offered.toFixed(0)} saves/s offered (each annotator waits for its answer before its ` +
        `next save), ${options.duration} s measured after ${options.warmup} s of warm-up, on a ` +
        `pool of ${options.pool}. CPU per request: the Node server process and its PostgreSQL ` +
        `backends over the measured window. Load average now: ${loadAverage()}.`,
    )
    console.log(
      `\n${verdict(summary.p95 < TARGET_P95_MS)}  p95 at ${options.annotators} annotators: ` +
        `${ms(summary.p95)} ms (target < ${TARGET_P95_MS} ms)`,
    )
    console.log(
      `\n${savesOk.toLocaleString('en')} saves answered 2xx in all (warm-up included), each ` +
        `stored once under its Idempotency-Key; ${stored.toLocaleString('en')} annotations in ` +
        'the database.',
    )
    if (!reportErrors([summary])) process.exitCode = 1
  })
}

await main()
