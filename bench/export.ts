/**
 * Result export benchmark: 100,000 items with one done annotation each, exported as JSON Lines
 * by the export job function itself (the code the pg-boss worker runs), on PostgreSQL (when
 * DATABASE_URL is set; in a database of its own, dropped afterwards) and on PGlite (in memory).
 * Prints items/s, resident memory before and at its peak during the export, and checks that the
 * file has one line per item.
 *
 *   npx tsx bench/export.ts [--items 100000] [--format jsonl|csv] [--only postgres|pglite]
 *     [--storage local|s3]
 *   (npm run bench:export)
 *
 * With `--storage s3` the file goes to a bucket of a real S3-protocol server (s3rver) on loopback,
 * as a multipart upload; that server runs in the measured process, so its CPU and memory count
 * in the figures.
 *
 * Each database runs in a child process of its own, so one run's memory does not show in the
 * other's peak.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import type { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import type { DumpFormat } from '../contract/client-tasks'
import { type Db, migrateDatabase } from '../server/db/client'
import { dumps } from '../server/db/schema'
import { insertDump } from '../server/modules/client-tasks/dumps/dump-queries'
import { runExport } from '../server/modules/client-tasks/dumps/export-job'
import { seedTask, seedWorkspace } from '../server/modules/client-tasks/test-fixtures'
import { LocalMediaStore } from '../server/modules/media/store/local-store'
import { S3MediaStore } from '../server/modules/media/store/s3-store'
import { webhookEvents } from '../server/modules/webhooks/events'
import { startLocalS3Server } from '../server/test/s3-server'
import { createUser } from '../server/test/session-client'
import {
  commandOption,
  type Kind,
  mib,
  openBenchDatabase,
  runPerDatabase,
  sampleRss,
} from './support'

type Storage = 'local' | 's3'

type RunResult = {
  kind: Kind
  storage: Storage
  items: number
  format: DumpFormat
  seedSeconds: number
  exportSeconds: number
  itemsPerSecond: number
  fileMiB: number
  lines: number
  /** CPU seconds the Node process spent exporting: a figure other load on the machine skews less. */
  cpuSeconds: number
  startRssMiB: number
  peakRssMiB: number
}

const TARGETS: Record<Kind, number> = { postgres: 50_000, pglite: 0 }
const RSS_SAMPLE_MS = 20

/**
 * The definitions and an empty task through the test fixtures, then the items and annotations in
 * two set-based statements: seeding must not be what the benchmark waits on.
 */
async function seed(db: Db, count: number): Promise<number> {
  const annotator = await createUser(db, { roles: ['endworker'] })
  const definitions = await seedWorkspace(db)
  const { task } = await seedTask(db, definitions, {
    status: 'IN_PROGRESS',
    downloadEnabled: true,
    itemsTotal: count,
  })
  await db.execute(sql`
    insert into items (task_id, position, data, data_id)
    select ${task.id}, g,
      jsonb_build_object(
        'prompt', 'Sentence number ' || g || ' to be read aloud, slowly and clearly.',
        'recording', jsonb_build_object('uuid', md5(g::text)::uuid)),
      'row-' || g
    from generate_series(0, ${count - 1}) g`)
  await db.execute(sql`
    with handed as (
      insert into item_sets (task_id, user_id, position)
      values (${task.id}, ${annotator.id}, 0)
      returning id)
    insert into annotations (item_id, item_set_id, user_id, data, is_done, locked_at)
    select i.id, handed.id, ${annotator.id},
      jsonb_build_object('transcript', 'sentence number ' || i.position, 'ok', 'true'),
      true, now()
    from items i cross join handed
    where i.task_id = ${task.id}`)
  await db.execute(sql`analyze items`)
  await db.execute(sql`analyze annotations`)
  return task.id
}

async function countLines(input: Readable): Promise<number> {
  let lines = 0
  const reader = readline.createInterface({ input, crlfDelay: Infinity })
  for await (const _line of reader) lines += 1
  return lines
}

async function runOne(
  kind: Kind,
  count: number,
  format: DumpFormat,
  storage: Storage,
): Promise<RunResult> {
  const { database, drop } = await openBenchDatabase(kind, { name: 'bench-export' })
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-media-'))
  const s3 = storage === 's3' ? await startLocalS3Server('bench-export') : null
  const media = s3 ? new S3MediaStore(s3.settings) : new LocalMediaStore(mediaDir)
  try {
    await migrateDatabase(database)
    const { db } = database
    const seedStart = performance.now()
    const taskId = await seed(db, count)
    const seedSeconds = (performance.now() - seedStart) / 1000
    const dumpId = await insertDump(db, { taskId, taskStatus: 'IN_PROGRESS', format })

    global.gc?.()
    const startRss = process.memoryUsage.rss()
    const rss = sampleRss(RSS_SAMPLE_MS)
    const logger = { error: (details: object) => console.error(details), warn: () => {} }
    const started = performance.now()
    const cpuStart = process.cpuUsage()
    // No job queue: an event finds no webhooks in the bench's database and sends nothing.
    const events = webhookEvents(null, 'http://127.0.0.1')
    await runExport({ db, media, logger, events }, dumpId)
    const cpu = process.cpuUsage(cpuStart)
    const exportSeconds = (performance.now() - started) / 1000
    rss.stop()
    const peakRss = rss.peak()

    const [dump] = await db.select().from(dumps).where(eq(dumps.id, dumpId))
    if (dump?.status !== 'FINISHED' || !dump.filePath) {
      throw new Error(`the export did not finish: ${dump?.status} ${dump?.error ?? ''}`)
    }
    const stored = await media.head(dump.filePath)
    return {
      kind,
      storage,
      items: count,
      format,
      seedSeconds,
      exportSeconds,
      itemsPerSecond: count / exportSeconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      fileMiB: mib(stored?.size ?? 0),
      lines: await countLines(await media.get(dump.filePath)),
      startRssMiB: mib(startRss),
      peakRssMiB: mib(peakRss),
    }
  } finally {
    media.close()
    await s3?.stop()
    fs.rmSync(mediaDir, { recursive: true, force: true })
    await drop()
  }
}

function report(results: RunResult[]) {
  const number = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
  let failed = false
  for (const result of results) {
    // CSV has a header line; both formats have one line per item here (one annotation each).
    const expectedLines = result.items + (result.format === 'csv' ? 1 : 0)
    const linesOk = result.lines === expectedLines
    const target = TARGETS[result.kind]
    const fastEnough = result.itemsPerSecond >= target
    failed ||= !linesOk || !fastEnough
    console.log(
      [
        `${result.kind}: ${number(result.items)} items as ${result.format} to ${result.storage} storage`,
        `  seeded in ${number(result.seedSeconds, 1)} s`,
        `  exported in ${number(result.exportSeconds, 2)} s: ${number(result.itemsPerSecond)} items/s` +
          (target ? ` (target ${number(target)}: ${fastEnough ? 'met' : 'MISSED'})` : ''),
        `  Node CPU ${number(result.cpuSeconds, 2)} s (${number(result.items / result.cpuSeconds)} items per CPU second), load average ${os
          .loadavg()
          .map((load) => number(load, 1))
          .join(' ')}`,
        `  file ${number(result.fileMiB, 1)} MiB, ${number(result.lines)} lines (${linesOk ? 'as expected' : `expected ${number(expectedLines)}`})`,
        `  resident memory ${number(result.startRssMiB)} MiB before, ${number(result.peakRssMiB)} MiB at peak (+${number(result.peakRssMiB - result.startRssMiB)})`,
        '',
      ].join('\n'),
    )
  }
  if (failed) process.exitCode = 1
}

async function main() {
  const count = Number(commandOption('--items') ?? 100_000)
  const format = (commandOption('--format') ?? 'jsonl') as DumpFormat
  const storage = (commandOption('--storage') ?? 'local') as Storage
  if (storage !== 'local' && storage !== 's3') throw new Error('--storage is local or s3')
  const child = commandOption('--child') as Kind | undefined
  if (child) {
    // The child's last line of output is its result.
    console.log(JSON.stringify(await runOne(child, count, format, storage)))
    return
  }
  report(
    runPerDatabase<RunResult>(import.meta.url, [
      '--items',
      String(count),
      '--format',
      format,
      '--storage',
      storage,
    ]),
  )
}

await main()
