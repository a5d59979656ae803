/**
 * Result export benchmark: 100,000 items with one done annotation each, exported as JSON Lines
 * by the export job function itself (the code the pg-boss worker runs), on PostgreSQL (when
 * DATABASE_URL is set; in a database of its own, dropped afterwards) and on PGlite (in memory).
 * Prints items/s, resident memory before and at its peak during the export, and checks that the
 * file has one line per item.
 *
 *   npx tsx bench/export.ts [--items 100000] [--format jsonl|csv] [--only postgres|pglite]
 *   (npm run bench:export)
 *
 * Each database runs in a child process of its own, so one run's memory does not show in the
 * other's peak.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import type { DumpFormat } from '../contract/client-tasks'
import { type DatabaseHandle, type Db, migrateDatabase, openDatabase } from '../server/db/client'
import { dumps } from '../server/db/schema'
import { insertDump } from '../server/modules/client-tasks/dump-queries'
import { runExport } from '../server/modules/client-tasks/export-job'
import { seedTask, seedWorkspace } from '../server/modules/client-tasks/test-fixtures'
import { createUser } from '../server/test/session-client'

type Kind = 'postgres' | 'pglite'

type RunResult = {
  kind: Kind
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
const mib = (bytes: number) => bytes / 1024 / 1024

async function openBenchDatabase(kind: Kind) {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, owner: 'bench-export' })
    return { database, drop: () => database.close() }
  }
  const adminUrl = process.env.DATABASE_URL!
  const name = `bench_export_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    database,
    drop: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

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

async function countLines(file: string): Promise<number> {
  let lines = 0
  const reader = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })
  for await (const _line of reader) lines += 1
  return lines
}

async function runOne(kind: Kind, count: number, format: DumpFormat): Promise<RunResult> {
  const { database, drop } = await openBenchDatabase(kind)
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-media-'))
  try {
    await migrateDatabase(database as DatabaseHandle)
    const { db } = database
    const seedStart = performance.now()
    const taskId = await seed(db, count)
    const seedSeconds = (performance.now() - seedStart) / 1000
    const dumpId = await insertDump(db, { taskId, taskStatus: 'IN_PROGRESS', format })

    global.gc?.()
    const startRss = process.memoryUsage.rss()
    let peakRss = startRss
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss())
    }, RSS_SAMPLE_MS)
    const logger = { error: (details: object) => console.error(details), warn: () => {} }
    const started = performance.now()
    const cpuStart = process.cpuUsage()
    await runExport({ db, mediaDir, logger }, dumpId)
    const cpu = process.cpuUsage(cpuStart)
    const exportSeconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peakRss = Math.max(peakRss, process.memoryUsage.rss())

    const [dump] = await db.select().from(dumps).where(eq(dumps.id, dumpId))
    if (dump?.status !== 'FINISHED' || !dump.filePath) {
      throw new Error(`the export did not finish: ${dump?.status} ${dump?.error ?? ''}`)
    }
    const file = path.join(mediaDir, dump.filePath)
    return {
      kind,
      items: count,
      format,
      seedSeconds,
      exportSeconds,
      itemsPerSecond: count / exportSeconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      fileMiB: mib(fs.statSync(file).size),
      lines: await countLines(file),
      startRssMiB: mib(startRss),
      peakRssMiB: mib(peakRss),
    }
  } finally {
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
        `${result.kind}: ${number(result.items)} items as ${result.format}`,
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
  const args = process.argv.slice(2)
  const option = (name: string) => {
    const index = args.indexOf(name)
    return index === -1 ? undefined : args[index + 1]
  }
  const count = Number(option('--items') ?? 100_000)
  const format = (option('--format') ?? 'jsonl') as DumpFormat
  const child = option('--child') as Kind | undefined
  if (child) {
    // The child's last line of output is its result.
    console.log(JSON.stringify(await runOne(child, count, format)))
    return
  }
  const only = option('--only') as Kind | undefined
  const kinds = (
    process.env.DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const)
  ).filter((kind) => !only || kind === only)
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is skipped.\n')
  const results = kinds.map((kind) => {
    const output = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        ...['--child', kind, '--items', String(count), '--format', format],
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
    )
    return JSON.parse(output.trim().split('\n').at(-1)!) as RunResult
  })
  report(results)
}

await main()
