/**
 * Task import benchmark: a 100,000-item JSON Lines file through the real upload endpoint (real
 * HTTP, real multipart) and the background import job, on PostgreSQL (when DATABASE_URL is set;
 * in a database of its own, dropped afterwards) and on PGlite (in a temporary directory).
 * Prints items/s, peak resident memory, and the ratio to a bare COPY of the same rows.
 *
 *   npx tsx bench/import.ts [--items 100000] [--only postgres|pglite] [--storage local|s3]
 *   (npm run bench:import)
 *
 * With `--storage s3` the upload goes to a bucket of a real S3-protocol server (s3rver) on
 * loopback and the import reads it from there; that server runs in the measured process, so its
 * CPU and memory count in the figures.
 *
 * Each database runs in a child process of its own, so one run's memory does not show in the
 * other's peak.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { type DatabaseHandle, type Db, migrateDatabase } from '../server/db/client'
import { CopyRows, copyRows } from '../server/db/copy'
import { items, tasks } from '../server/db/schema'
import { S3MediaStore } from '../server/modules/media/store/s3-store'
import {
  createDefinitions,
  field,
  requiredFields,
} from '../server/modules/task-intake/test-support'
import { startLocalS3Server } from '../server/test/s3-server'
import { createUser } from '../server/test/session-client'
import {
  commandOption,
  freeLoopbackPort,
  type Kind,
  mib,
  openBenchDatabase,
  runPerDatabase,
  sampleRss,
  serverNodeFlags,
  signInOverHttp,
} from './support'

type Storage = 'local' | 's3'

type RunResult = {
  kind: Kind
  storage: Storage
  items: number
  fileMiB: number
  uploadSeconds: number
  /** From the 201 answer to the end of the import. */
  importSeconds: number
  totalSeconds: number
  itemsPerSecond: number
  peakRssMiB: number
  startRssMiB: number
  bareItemsPerSecond: number
}

const TARGETS = { postgres: 20_000, pglite: 5_000 } as const
const RSS_LIMIT_MIB = 400
/** End to end, at least this share of what a bare COPY of the same rows reaches. */
const COPY_RATIO_TARGET = 0.5
const RSS_SAMPLE_MS = 50
const POLL_MS = 100

const itemSchema = {
  title: field('text'),
  sentence: field('textarea'),
  context: field('textarea'),
}

// ---------------------------------------------------------------- the data file

const WORDS =
  'the a speaker said that we would meet again near old harbour tomorrow morning before rain ' +
  'began falling over quiet streets where children played while market sellers counted coins'

function sentence(random: () => number, words: number): string {
  const vocabulary = WORDS.split(' ')
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(vocabulary[Math.floor(random() * vocabulary.length)]!)
  const text = out.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

/** A seeded generator, so every run imports the same file. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** Items of three text fields, about 0.5 kB each: a title, a sentence to annotate, its context. */
async function writeDataFile(file: string, count: number): Promise<void> {
  const random = seeded(42)
  const out = fs.createWriteStream(file)
  for (let index = 0; index < count; index++) {
    const line = JSON.stringify({
      data_id: `row-${index + 1}`,
      title: sentence(random, 4 + Math.floor(random() * 4)),
      sentence: sentence(random, 12 + Math.floor(random() * 20)),
      context: sentence(random, 30 + Math.floor(random() * 40)),
    })
    if (!out.write(`${line}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  )
}

// ---------------------------------------------------------------- one run (child process)

const execFileAsync = promisify(execFile)

/** Posts the file as a browser would (multipart, streamed from disk) from a process of its own. */
const UPLOADER = `
import fs from 'node:fs'
const [url, headers, fields, file] = process.argv.slice(1)
const form = new FormData()
for (const [name, value] of Object.entries(JSON.parse(fields))) form.append(name, value)
form.append('file', await fs.openAsBlob(file), 'bench.jsonl')
const response = await fetch(url, { method: 'POST', headers: JSON.parse(headers), body: form })
process.stdout.write(JSON.stringify({ status: response.status, body: await response.text() }))
`

/**
 * The client runs in another process so that its buffers do not count in the server's memory,
 * as they would not in production.
 */
async function uploadFromOtherProcess(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: string,
): Promise<{ status: number; body: string }> {
  const { stdout } = await execFileAsync(process.execPath, [
    '--input-type=module',
    '-e',
    UPLOADER,
    url,
    JSON.stringify(headers),
    JSON.stringify(fields),
    file,
  ])
  return JSON.parse(stdout) as { status: number; body: string }
}

/**
 * The same rows loaded straight into the items table by one bare COPY, prepared in memory before
 * the clock starts: no HTTP, no parsing, no validation, no batches, no job. What the database
 * alone takes.
 */
async function bareCopy(db: Db, dataFile: string, taskId: number): Promise<number> {
  const lines = readline.createInterface({
    input: fs.createReadStream(dataFile),
    crlfDelay: Infinity,
  })
  const rows = new CopyRows()
  let position = 0
  for await (const line of lines) {
    if (!line) continue
    const { data_id, ...data } = JSON.parse(line) as Record<string, string>
    rows.row([taskId, position, JSON.stringify(data), data_id ?? null])
    position += 1
  }
  const started = performance.now()
  await db.transaction((tx) =>
    copyRows(tx, 'items', ['task_id', 'position', 'data', 'data_id'], rows),
  )
  return position / ((performance.now() - started) / 1000)
}

async function runOne(
  kind: Kind,
  dataFile: string,
  count: number,
  storage: Storage,
): Promise<RunResult> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-import-${kind}-`))
  const s3 = storage === 's3' ? await startLocalS3Server('bench-import') : null
  const { database, drop } = await openBenchDatabase(kind, {
    name: 'bench-import',
    pgliteDataDir: path.join(workDir, 'db'),
  })
  let app: Awaited<ReturnType<typeof buildApp>> | null = null
  try {
    await migrateDatabase(database)
    const port = await freeLoopbackPort()
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: workDir,
        HOST: '127.0.0.1',
        PORT: String(port),
      }),
      staticDir: null,
    }
    const media = s3 ? new S3MediaStore(s3.settings) : undefined
    app = await buildApp({ config, database, jobs: true, media })
    const base = await app.listen({ port, host: '127.0.0.1' })
    const user = await createUser(database.db, { roles: ['client'] })
    const definitions = await createDefinitions(database.db, user.id, { itemSchema })
    const headers = await signInOverHttp(base, user.username, user.password)

    const startRss = process.memoryUsage().rss
    const rss = sampleRss(RSS_SAMPLE_MS)
    const started = performance.now()
    const response = await uploadFromOtherProcess(
      `${base}/api/client/tasks/`,
      headers(),
      { ...requiredFields(definitions), start_task: 'true' },
      dataFile,
    )
    const uploaded = performance.now()
    if (response.status !== 201) {
      throw new Error(`upload answered ${response.status}: ${response.body}`)
    }
    const { id } = JSON.parse(response.body) as { id: number }
    for (;;) {
      const processing = await fetch(`${base}/api/client/tasks/${id}/processing/`, {
        headers: headers(),
      })
      const state = (await processing.json()) as { status: string; error: string | null }
      if (state.error) throw new Error(state.error)
      if (state.status !== 'PROCESSING') break
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    const finished = performance.now()
    rss.stop()
    const imported = await database.db.$count(items, eq(items.taskId, id))
    if (imported !== count) throw new Error(`imported ${imported} items, expected ${count}`)

    const bareTaskId = await copyTask(database, id)
    const bareItemsPerSecond = await bareCopy(database.db, dataFile, bareTaskId)
    const totalSeconds = (finished - started) / 1000
    return {
      kind,
      storage,
      items: count,
      fileMiB: mib(fs.statSync(dataFile).size),
      uploadSeconds: (uploaded - started) / 1000,
      importSeconds: (finished - uploaded) / 1000,
      totalSeconds,
      itemsPerSecond: count / totalSeconds,
      peakRssMiB: mib(rss.peak()),
      startRssMiB: mib(startRss),
      bareItemsPerSecond,
    }
  } finally {
    await app?.close()
    await s3?.stop()
    await drop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

/** An empty task like the imported one, for the bare COPY to fill. */
async function copyTask(database: DatabaseHandle, taskId: number): Promise<number> {
  const [task] = await database.db.select().from(tasks).where(eq(tasks.id, taskId))
  const { id: _id, ...values } = task!
  const [copy] = await database.db
    .insert(tasks)
    .values({ ...values, itemsTotal: 0 })
    .returning({ id: tasks.id })
  return copy!.id
}

// ---------------------------------------------------------------- the report (parent process)

function report(results: RunResult[]) {
  const rows = results.map((result) => {
    const target = TARGETS[result.kind]
    return [
      `${result.kind} (${result.storage})`,
      result.items.toLocaleString('en'),
      result.fileMiB.toFixed(1),
      result.uploadSeconds.toFixed(2),
      result.importSeconds.toFixed(2),
      result.totalSeconds.toFixed(2),
      Math.round(result.itemsPerSecond).toLocaleString('en'),
      `>= ${target.toLocaleString('en')} ${result.itemsPerSecond >= target ? 'met' : 'MISSED'}`,
      Math.round(result.bareItemsPerSecond).toLocaleString('en'),
      (result.itemsPerSecond / result.bareItemsPerSecond).toFixed(2),
      result.startRssMiB.toFixed(0),
      result.peakRssMiB.toFixed(0),
      (result.peakRssMiB - result.startRssMiB).toFixed(0),
      result.peakRssMiB < RSS_LIMIT_MIB ? 'met' : 'MISSED',
    ]
  })
  const header = [
    'database',
    'items',
    'file MiB',
    'upload+check s',
    'import s',
    'total s',
    'items/s',
    'target',
    'bare COPY items/s',
    'ratio',
    'idle RSS MiB',
    'peak RSS MiB',
    'import +MiB',
    `RSS < ${RSS_LIMIT_MIB}`,
  ]
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
  for (const row of rows) console.log(line(row))
  console.log(
    `\nitems/s: from the start of the upload to the import's end (upload, validation, job, import).` +
      `\nbare COPY: the same rows in one COPY, nothing else timed; ratio = items/s over it (target ${COPY_RATIO_TARGET}).` +
      `\nidle RSS: the server process (under tsx with npm start's flags: ${serverNodeFlags().join(' ')}) signed in and waiting;` +
      `\npeak RSS: the same process sampled every ${RSS_SAMPLE_MS} ms from the upload to the import's end (limit ${RSS_LIMIT_MIB} MiB,` +
      `\nin the exit code on PostgreSQL); import +MiB: what the upload and import added. The client runs in a process of its own.`,
  )
}

async function main() {
  const count = Number(commandOption('--items') ?? 100_000)
  const storage = (commandOption('--storage') ?? 'local') as Storage
  if (storage !== 'local' && storage !== 's3') throw new Error('--storage is local or s3')
  const child = commandOption('--child') as Kind | undefined
  const dataFile = commandOption('--file')
  if (child && dataFile) {
    // The child's one line of output is its result.
    console.log(JSON.stringify(await runOne(child, dataFile, count, storage)))
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-data-'))
  try {
    const file = path.join(dir, 'items.jsonl')
    await writeDataFile(file, count)
    const results = runPerDatabase<RunResult>(import.meta.url, [
      '--file',
      file,
      '--items',
      String(count),
      '--storage',
      storage,
    ])
    report(results)
    // The exit code follows the throughput and COPY-ratio targets, and resident memory on
    // PostgreSQL: PGlite's engine alone takes about 400 MiB (bench/README.md).
    const missed = results.some(
      (result) =>
        result.itemsPerSecond < TARGETS[result.kind] ||
        result.itemsPerSecond / result.bareItemsPerSecond < COPY_RATIO_TARGET ||
        (result.kind === 'postgres' && result.peakRssMiB >= RSS_LIMIT_MIB),
    )
    if (missed) process.exitCode = 1
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
