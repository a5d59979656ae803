/**
 * Quality answer benchmark: a task of 100,000 items with three done annotations each (a
 * single-choice, a checkbox, a three-option multi-choice, a number and a text field), 1 % of the
 * items gold with scored answers and 2 % of the annotations flagged, on PostgreSQL (DATABASE_URL,
 * in a database of its own, dropped afterwards). Times what `GET /api/client/tasks/{id}/quality/`
 * computes (taskQuality: agreement per field, gold stats, agreement and flags per worker) over
 * repeated runs after a warm-up, and prints the median and p95 against the target.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quality.ts [--items 100000] [--runs 20]
 *   (npm run bench:quality)
 */
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { gridPlacement } from '../contract/task-schema'
import { type Db, migrateDatabase } from '../server/db/client'
import type { TaskSchemaDocument } from '../server/db/schema'
import { seedDefinitions, seedTask } from '../server/modules/client-tasks/test-fixtures'
import { taskQuality } from '../server/modules/quality/task-quality'
import { annotationField, seedClientGroup } from '../server/test/fixtures'
import { createUser } from '../server/test/session-client'
import { numberOption, openBenchDatabase } from './support'

const TARGET_P95_MS = 500
const WARM_UP_RUNS = 2

const choice = (row: number, options: string[], multiple = false) => {
  const field = annotationField('dropdown', `Choice ${row}`, gridPlacement(row, 1), 'string')
  field.widget.config.options = options
  if (multiple) field.widget.config.multiple = true
  return field
}

const SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {},
  annotation_schema: {
    label: choice(1, ['cat', 'dog', 'bird', 'other']),
    ok: annotationField('checkbox', 'OK', gridPlacement(2, 1), 'bool'),
    tags: choice(3, ['music', 'speech', 'noise'], true),
    score: annotationField('text', 'Score', gridPlacement(4, 1), 'int'),
    transcript: annotationField('textarea', 'Transcript', gridPlacement(5, 1), 'string'),
  },
}

/**
 * The definitions, three workers and an empty task through the test fixtures, then items and
 * annotations in set-based statements. Workers mostly agree: each value is the item's own
 * unless a hash of item and worker says otherwise (about one answer in six).
 */
async function seed(db: Db, count: number) {
  const group = await seedClientGroup(db)
  const definitions = await seedDefinitions(db, group.id, {}, SCHEMA)
  const workers = await Promise.all(
    [1, 2, 3].map((n) => createUser(db, { username: `bench-worker-${n}`, roles: ['endworker'] })),
  )
  const staff = await createUser(db, { username: 'bench-staff', roles: ['staff'] })
  const { task } = await seedTask(db, definitions, { status: 'IN_PROGRESS' })
  await db.execute(sql`
    insert into items (task_id, position, data, data_id, is_gold)
    select ${task.id}, g, jsonb_build_object('prompt', 'Item ' || g), 'row-' || g, g % 100 = 0
    from generate_series(0, ${count - 1}) g`)
  await db.execute(sql`
    insert into gold_answers (item_id, expected)
    select id, jsonb_build_object('label', 'cat') from items where task_id = ${task.id} and is_gold`)
  for (const [index, worker] of workers.entries()) {
    await db.execute(sql`
      with handed as (
        insert into item_sets (task_id, user_id, position)
        values (${task.id}, ${worker.id}, ${index})
        returning id),
      answers as (
        select i.id, i.position, i.is_gold,
          abs(hashtext(i.position || '-' || ${index})) % 6 = 0 as off
        from items i where i.task_id = ${task.id})
      insert into annotations
        (item_id, item_set_id, user_id, data, is_done, locked_at, gold_correct, gold_score, quality_flags)
      select a.id, handed.id, ${worker.id},
        jsonb_build_object(
          'label', (array['cat', 'dog', 'bird', 'other'])[1 + (a.position + (case when a.off then ${index + 1} else 0 end)) % 4],
          'ok', case when (a.position % 3 = 0) <> a.off then 'true' else 'false' end,
          'tags', (array['music', 'speech', 'music;noise', 'speech;noise', ''])[1 + (a.position + (case when a.off then 1 else 0 end)) % 5],
          'score', (1 + (a.position % 5) + (case when a.off then ${index} else 0 end))::text,
          'transcript', 'text of item ' || a.position),
        true, now() - (a.position || ' seconds')::interval,
        case when a.is_gold then not a.off end,
        case when a.is_gold then (case when a.off then 0 else 1 end) end,
        case when abs(hashtext(a.position || '*' || ${index})) % 50 = 0 then array['TOO_FAST'] else '{}' end
      from answers a cross join handed`)
  }
  await db.execute(sql`analyze items`)
  await db.execute(sql`analyze annotations`)
  return { taskId: task.id, staff: { ...staff, isActive: true, isSsoAccount: false } }
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!

async function main() {
  const count = numberOption('items', 100_000)
  const runs = numberOption('runs', 20)
  const { database, drop } = await openBenchDatabase('postgres', { name: 'bench-quality' })
  try {
    await migrateDatabase(database)
    const { db } = database
    const seedStart = performance.now()
    const { taskId, staff } = await seed(db, count)
    const seedSeconds = (performance.now() - seedStart) / 1000

    let answer = await taskQuality(db, staff, taskId)
    for (let run = 1; run < WARM_UP_RUNS; run += 1) answer = await taskQuality(db, staff, taskId)
    const times: number[] = []
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now()
      answer = await taskQuality(db, staff, taskId)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const p95 = percentile(times, 0.95)
    const gold = Math.ceil(count / 100)
    const label = answer.fields.label
    const sane = label?.items === count - gold && answer.gold.items === gold
    console.log(
      [
        `postgres: ${count.toLocaleString('en-US')} items × 3 annotations, seeded in ${seedSeconds.toFixed(1)} s`,
        `  quality answer over ${runs} runs: median ${percentile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'})`,
        `  load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
        `  α: ${Object.entries(answer.fields)
          .map(([name, field]) => `${name} ${field.alpha?.toFixed(3) ?? '—'}`)
          .join(', ')}`,
        `  ${sane ? 'answer as expected' : `UNEXPECTED answer: ${JSON.stringify(answer.gold)}, label ${JSON.stringify(label)}`}`,
      ].join('\n'),
    )
    if (!sane || p95 >= TARGET_P95_MS) process.exitCode = 1
  } finally {
    await drop()
  }
}

await main()
