/**
 * Review list benchmark on PostgreSQL: a task with 100,000 review items (30 % graded, 5 % locked
 * by others, the rest pending) made by the real review draw, then the latency of the reviewer's
 * review tasks list (GET /review/tasks/), their review list (POST /review/locked-items/, what
 * /review/perform/{taskId} loads) and a page of the pool (GET /review/items/?task=), through the
 * app with a reviewer's session. Prints p50/p95/p99 per call against the 50 ms p95 target.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:review
 *   npx tsx bench/review-lists.ts [--items 100000] [--requests 200]
 *
 * The exit code is non-zero when a call fails or misses the target.
 */
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { migrateDatabase } from '../server/db/client'
import { addReviewer, seedReviewScenario } from '../server/modules/review/test-fixtures'
import { createScratchDatabase } from '../server/test/scratch-database'
import { commandOption } from './support'

const TARGET_P95_MS = 50
const WARMUP_REQUESTS = 20

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function main() {
  const itemCount = Number(commandOption('--items') ?? 100_000)
  const requests = Number(commandOption('--requests') ?? 200)
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('the benchmark runs on PostgreSQL: set DATABASE_URL')
  const { database, drop } = await createScratchDatabase(adminUrl, { prefix: 'bench_review' })
  let failed = false
  try {
    await migrateDatabase(database)
    const app = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), staticDir: null },
      database,
      jobs: false,
    })
    await app.ready()
    const scenario = await seedReviewScenario(app, { items: 1, probability: 1 })
    const taskId = scenario.scenario.task.id
    const started = performance.now()
    // Items, one handed-out set, and a done annotation per item: the draw makes the review items.
    await database.db.execute(sql`
      with more as (
        insert into items (task_id, position, data)
        select ${taskId}, 1000 + n, jsonb_build_object('prompt', 'prompt ' || n)
        from generate_series(1, ${itemCount}) n
        returning id)
      insert into annotations (item_id, item_set_id, user_id, data, is_done, locked_at)
      select id, ${scenario.setId}, ${scenario.worker.user.id},
        '{"transcript": "heard"}', true, now()
      from more`)
    const other = await addReviewer(app, scenario.reviewGroupId)
    await database.db.execute(sql`
      update review_items set
        status = case when id % 20 = 0 then 'LOCKED' else 'REVIEWED' end,
        reviewer_id = ${other.user.id},
        locked_at = now(),
        mark = case when id % 20 = 0 then 0 else 1 + id % 5 end,
        reviewed_at = case when id % 20 = 0 then null else now() end
      where task_id = ${taskId} and (id % 20 = 0 or id % 10 < 3)`)
    await database.db.execute(sql`analyze`)
    const [row] = (
      (await database.db.execute(
        sql`select count(*)::int as count from review_items where task_id = ${taskId}`,
      )) as unknown as { rows: { count: number }[] }
    ).rows
    console.log(
      `seeded ${row!.count} review items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )

    const reviewer = await addReviewer(app, scenario.reviewGroupId)
    const calls: [string, () => Promise<{ statusCode: number }>][] = [
      ['GET /review/tasks/', () => reviewer.get('review/tasks/')],
      ['POST /review/locked-items/', () => reviewer.post('review/locked-items/', { task: taskId })],
      [
        'GET /review/items/?task=',
        () => reviewer.get('review/items/', { query: { task: String(taskId), limit: '15' } }),
      ],
    ]
    console.log('| call | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- |')
    for (const [name, call] of calls) {
      const timings: number[] = []
      for (let index = 0; index < WARMUP_REQUESTS + requests; index++) {
        const before = performance.now()
        const response = await call()
        const elapsed = performance.now() - before
        if (response.statusCode !== 200) {
          failed = true
          console.error(`${name} answered ${response.statusCode}`)
        }
        if (index >= WARMUP_REQUESTS) timings.push(elapsed)
      }
      timings.sort((a, b) => a - b)
      const p95 = percentile(timings, 95)
      if (p95 > TARGET_P95_MS) failed = true
      console.log(
        `| ${name} | ${percentile(timings, 50).toFixed(1)} | ${p95.toFixed(1)} | ${percentile(timings, 99).toFixed(1)} |`,
      )
    }
    await app.close()
  } finally {
    await drop()
  }
  if (failed) {
    console.error(`A call failed or missed the p95 target of ${TARGET_P95_MS} ms.`)
    process.exitCode = 1
  }
}

await main()
