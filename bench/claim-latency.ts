/**
 * Claim latency on a large task on PostgreSQL: a task of 100,000 items whose first 90 % are done,
 * on which `--claims` annotators claim a set one after another over HTTP (one request at a time,
 * so the client's work hardly weighs on the server). The first claim is shown apart: it moves the
 * task's first open position past the done items. Targets: first claim under 50 ms, p95 under
 * 30 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:claims
 *   npx tsx bench/claim-latency.ts [--claim-items 100000] [--claims 30] [--pool N]
 *     [--items-per-set 20]
 *
 * The exit code is non-zero only when a claim failed (or got an empty set); a missed target is
 * reported.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { API_BASE } from '../contract/constants'
import { IDEMPOTENCY_KEY_HEADER } from '../contract/worker'
import { defaultPoolSize } from '../server/config'
import { seedTask, seedWorker } from '../server/modules/worker-tasks/test-fixtures'
import { type AnnotatorServer, needsPostgres, withAnnotatorServer } from './annotator-server'
import { loadAverage, ms, Recorder, reportErrors, send, verdict } from './http-load'
import { numberOption } from './support'

const TARGET_FIRST_MS = 50
const TARGET_P95_MS = 30
/** Share of the large task's items, the first in task order, that have their done annotation. */
const DONE_SHARE = 0.9

/**
 * A task of `count` items of the scenario's type whose first 90 % each have a done annotation by
 * a worker who is not among the annotators, in expired sets of items_per_set items: a task whose
 * work is mostly done. Set-based SQL, then VACUUM ANALYZE, as autovacuum does after such a load
 * long before a task is this far along (else it runs during the claims and they measure it).
 */
async function seedLargeTask({ database, scenario }: AnnotatorServer, count: number) {
  const { db, pool } = database
  const { task } = await seedTask(db, scenario, { items: 0, task: { itemsTotal: count } })
  const author = await seedWorker(db, scenario)
  const done = Math.floor(count * DONE_SHARE)
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

/** A claim of the task by each annotator, one after another, sent from this process. */
async function timeClaims({ base, sessions }: AnnotatorServer, taskId: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const url = new URL(base)
  const recorder = new Recorder()
  const started = performance.now()
  for (const [index, headersOf] of sessions.entries()) {
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

async function main() {
  if (!needsPostgres('npm run bench:claims')) return
  const items = numberOption('claim-items', 100_000)
  const claims = numberOption('claims', 30)
  const server = {
    name: 'bench_claims',
    annotators: claims,
    itemsPerSet: numberOption('items-per-set', 20),
    pool: numberOption('pool', defaultPoolSize()),
    claimSets: false,
  }
  await withAnnotatorServer(server, async (running) => {
    const seedStarted = performance.now()
    const taskId = await seedLargeTask(running, items)
    const seconds = ((performance.now() - seedStarted) / 1000).toFixed(1)
    console.log(
      `seeded a task of ${items.toLocaleString('en')} items, ${DONE_SHARE * 100} % done, in ` +
        `${seconds} s`,
    )
    const { first, summary } = await timeClaims(running, taskId)

    console.log(
      `\nclaims on a task of ${items.toLocaleString('en')} items, ${DONE_SHARE * 100} % done: ` +
        `${summary.requests} by different annotators, one after another, on a pool of ` +
        `${server.pool}: first ${ms(first)} ms, p50 ${ms(summary.p50)} ms, p95 ` +
        `${ms(summary.p95)} ms, max ${ms(summary.max)} ms. Load average now: ${loadAverage()}.`,
    )
    console.log(
      `\n${verdict(first < TARGET_FIRST_MS)}  first claim: ${ms(first)} ms ` +
        `(target < ${TARGET_FIRST_MS} ms)`,
    )
    console.log(
      `${verdict(summary.p95 < TARGET_P95_MS)}  p95: ${ms(summary.p95)} ms ` +
        `(target < ${TARGET_P95_MS} ms)`,
    )
    if (!reportErrors([summary])) process.exitCode = 1
  })
}

await main()
