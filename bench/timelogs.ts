/**
 * Work-time benchmark on PostgreSQL.
 *
 * 1. Ingestion: 1,000 workers each send an 8-hour shift of activity samples, one a sample period
 *    (480 each, 480,000 in all), through the service the HTTP calls use (`submitSamples`: store,
 *    lock the user, rebuild the intervals the samples touch). Each worker's samples arrive in
 *    batches of two hours (what the tracker's outbox sends after a reconnect, or the batch call);
 *    several workers send at once. Prints samples/s against the 5,000/s target, and checks that
 *    every worker got the intervals the rule gives (one per context run, the lunch pause
 *    splitting the shift).
 * 2. Stats: a year of intervals for 1,000 users (about 1.25 million rows), then the latency of
 *    `GET /timelogs/stats/` over the whole year for random users, through the app with a staff
 *    session. Prints p50/p95/p99 against the 50 ms p95 target.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:timelogs
 *   npx tsx bench/timelogs.ts [--workers 1000] [--samples 480] [--batch 120] [--parallel 4] [--requests 200]
 *
 * The exit code is non-zero when a result is wrong or a target is missed.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { ActivitySampleInput } from '../contract/timelogs'
import { ACTIVITY_SAMPLE_PERIOD_SECONDS } from '../contract/worktime-rules'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { migrateDatabase } from '../server/db/client'
import { selectRows } from '../server/db/raw-rows'
import { submitSamples } from '../server/modules/timelogs/activity-service'
import { createScratchDatabase } from '../server/test/scratch-database'
import { signIn } from '../server/test/session-client'
import { commandOption } from './support'

const TARGET_SAMPLES_PER_SECOND = 5_000
const TARGET_P95_MS = 50
const WARMUP_REQUESTS = 20
const PERIOD_MS = ACTIVITY_SAMPLE_PERIOD_SECONDS * 1000
/** After half the shift a 30-minute pause, longer than the merge threshold. */
const LUNCH_MS = 30 * 60_000
/** Every this many samples the worker switches between the task and its protocol. */
const CONTEXT_RUN = 40

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

/** The worker's shift, sample by sample, starting at `shiftStart`. */
function shiftSamples(samplesPerShift: number, shiftStart: number): ActivitySampleInput[] {
  return Array.from({ length: samplesPerShift }, (_, index) => {
    const start = shiftStart + index * PERIOD_MS + (index >= samplesPerShift / 2 ? LUNCH_MS : 0)
    const onProtocol = Math.floor(index / CONTEXT_RUN) % 2 === 1
    return {
      mouse_moves: 20 + (index % 7),
      mouse_clicks: 3,
      key_clicks: index % 5,
      url: onProtocol ? '/protocol' : '/tasks/annotate',
      source: onProtocol ? 'PROTOCOL' : 'TASK',
      item_set: null,
      task: null,
      protocol: null,
      client_uuid: randomUUID(),
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + PERIOD_MS).toISOString(),
    }
  })
}

async function main() {
  const workers = Number(commandOption('--workers') ?? 1_000)
  const samplesPerShift = Number(commandOption('--samples') ?? 480)
  const batchSize = Number(commandOption('--batch') ?? 120)
  const parallel = Number(commandOption('--parallel') ?? 4)
  const requests = Number(commandOption('--requests') ?? 200)
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('the benchmark runs on PostgreSQL: set DATABASE_URL')
  const { database, drop } = await createScratchDatabase(adminUrl, { prefix: 'bench_timelogs' })
  let failed = false
  try {
    await migrateDatabase(database)
    const app = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), staticDir: null },
      database,
      jobs: false,
    })
    await app.ready()
    const { db } = database
    const created = await selectRows<{ id: number }>(
      db,
      sql`insert into users (username, roles)
          select 'bench-worker-' || n, '{endworker}' from generate_series(1, ${workers}) n
          returning id`,
    )
    const userIds = created.map((row) => row.id)

    // 1. Ingestion: yesterday's shift from 08:00 UTC.
    const yesterday = new Date()
    yesterday.setUTCDate(yesterday.getUTCDate() - 1)
    yesterday.setUTCHours(8, 0, 0, 0)
    const queue = userIds.map((userId) => ({
      userId,
      samples: shiftSamples(samplesPerShift, yesterday.getTime()),
    }))
    let next = 0
    const started = performance.now()
    const sender = async () => {
      for (;;) {
        const job = queue[next++]
        if (!job) return
        for (let offset = 0; offset < job.samples.length; offset += batchSize) {
          await submitSamples(
            db,
            job.userId,
            job.samples.slice(offset, offset + batchSize),
            new Date().toISOString(),
          )
        }
      }
    }
    await Promise.all(Array.from({ length: parallel }, sender))
    const seconds = (performance.now() - started) / 1000
    const total = workers * samplesPerShift
    const rate = total / seconds
    const [counts] = await selectRows<{ samples: number; intervals: number; users: number }>(
      db,
      sql`select (select count(*)::int from activity_samples) as samples,
            (select count(*)::int from time_log_intervals) as intervals,
            (select count(distinct user_id)::int from time_log_intervals) as users`,
    )
    // Context runs of CONTEXT_RUN samples; the lunch pause splits the run it falls in.
    const runs = Math.ceil(samplesPerShift / CONTEXT_RUN)
    const lunchSplits = (samplesPerShift / 2) % CONTEXT_RUN === 0 ? 0 : 1
    const expectedIntervals = workers * (runs + lunchSplits)
    if (counts?.samples !== total || counts.intervals !== expectedIntervals) {
      failed = true
      console.error(
        `expected ${total} samples and ${expectedIntervals} intervals, found ${counts?.samples} and ${counts?.intervals}`,
      )
    }
    if (rate < TARGET_SAMPLES_PER_SECOND) failed = true
    console.log(
      `ingested ${total.toLocaleString('en')} samples of ${workers} workers in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString('en')} samples/s (batches of ${batchSize}, ${parallel} at once); ${counts?.intervals.toLocaleString('en')} intervals`,
    )

    // 2. A year of intervals for every worker: five a working day, one of them pending.
    const seedStarted = performance.now()
    await db.execute(sql`
      insert into time_log_intervals (user_id, source_type, start_at, end_at, status)
      select u.id, case when k = 3 then 'PROTOCOL' else 'TASK' end,
        d + make_interval(hours => 8 + k * 2),
        d + make_interval(hours => 8 + k * 2, mins => 50),
        case when k = 4 then 0 else 1 end
      from unnest(${sql`array[${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`}) as u(id)
      cross join generate_series(now() - interval '366 days', now() - interval '2 days', interval '1 day') d
      cross join generate_series(0, 4) k
      where extract(isodow from d) < 6`)
    await db.execute(sql`analyze`)
    const [seeded] = await selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from time_log_intervals`,
    )
    console.log(
      `seeded a year of intervals: ${seeded?.count.toLocaleString('en')} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    )
    const staff = await signIn(app, { roles: ['staff'] })
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString()
    const now = new Date().toISOString()
    const timings: number[] = []
    for (let index = 0; index < WARMUP_REQUESTS + requests; index++) {
      const user = userIds[(index * 7919) % userIds.length]!
      const before = performance.now()
      const response = await staff.get('timelogs/stats/', {
        query: { user: String(user), start: yearAgo, end: now },
      })
      const elapsed = performance.now() - before
      if (response.statusCode !== 200 || response.json().total_logged <= 0) {
        failed = true
        console.error(`GET /timelogs/stats/ answered ${response.statusCode}: ${response.body}`)
      }
      if (index >= WARMUP_REQUESTS) timings.push(elapsed)
    }
    timings.sort((a, b) => a - b)
    const p95 = percentile(timings, 95)
    if (p95 > TARGET_P95_MS) failed = true
    console.log('| call | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- |')
    console.log(
      `| GET /timelogs/stats/ (a year) | ${percentile(timings, 50).toFixed(1)} | ${p95.toFixed(1)} | ${percentile(timings, 99).toFixed(1)} |`,
    )
    await app.close()
  } finally {
    await drop()
  }
  if (failed) {
    console.error(
      `A result was wrong or a target was missed (${TARGET_SAMPLES_PER_SECOND} samples/s, p95 ${TARGET_P95_MS} ms).`,
    )
    process.exitCode = 1
  }
}

await main()
