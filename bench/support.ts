/**
 * What the benchmarks share: their databases, running each database in a child process of its
 * own, command-line options, resident memory sampling and a browser-like sign-in over HTTP
 * (the HTTP load benchmarks' own support is in http-load.ts and annotator-server.ts).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { type DatabaseHandle, openDatabase } from '../server/db/client'
import { createScratchDatabase } from '../server/test/scratch-database'

export { signInOverHttp } from '../server/test/session-client'

export type Kind = 'postgres' | 'pglite'

export const mib = (bytes: number) => bytes / 1024 / 1024

/** `--name value` from the command line, or undefined when it is not given. */
export function commandOption(name: string): string | undefined {
  const args = process.argv.slice(2)
  const index = args.indexOf(name)
  return index === -1 ? undefined : args[index + 1]
}

/** `--name N` as a positive number (or 0 when `orZero`), `fallback` when it is not given. */
export function numberOption(name: string, fallback: number, { orZero = false } = {}): number {
  const given = commandOption(`--${name}`)
  if (given === undefined) return fallback
  const value = Number(given)
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !orZero)) {
    throw new Error(`--${name} needs a positive number${orZero ? ' or 0' : ''}`)
  }
  return value
}

/**
 * PostgreSQL in a database of its own on the server of DATABASE_URL (dropped by `drop`), or
 * PGlite in memory (`pgliteDataDir` null) or in a directory.
 */
export async function openBenchDatabase(
  kind: Kind,
  { name, pgliteDataDir = null }: { name: string; pgliteDataDir?: string | null },
): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDataDir, owner: name })
    return { database, drop: () => database.close() }
  }
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('the PostgreSQL run needs DATABASE_URL')
  return createScratchDatabase(adminUrl, { prefix: name.replaceAll('-', '_') })
}

/**
 * The Node flags `npm start` gives the server (package.json's start script runs
 * `tsx <flags> server/main.ts`), so that a benchmark's server runs, and uses memory, as the real
 * one does.
 */
export function serverNodeFlags(): string[] {
  const packageJson = JSON.parse(
    fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { scripts: { start: string } }
  const flags = /\btsx((?: --\S+)*) server\/main\.ts\b/.exec(packageJson.scripts.start)
  if (!flags) throw new Error("package.json's start script no longer runs `tsx … server/main.ts`")
  return flags[1]!.split(' ').filter(Boolean)
}

/**
 * Runs the calling script once per database, each in a child process of its own so that one
 * run's memory does not show in the other's peak: PostgreSQL when DATABASE_URL is set, and
 * PGlite, or only the one `--only` names. The child runs with the server's Node flags (as
 * `npm start` runs it) and gets `--child <kind>` and `childArgs`; its last line of output is its
 * result.
 */
export function runPerDatabase<TResult>(scriptUrl: string, childArgs: string[]): TResult[] {
  const only = commandOption('--only') as Kind | undefined
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is skipped.\n')
  const kinds: Kind[] = process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite']
  return kinds
    .filter((kind) => !only || kind === only)
    .map((kind) => {
      const output = execFileSync(
        process.execPath,
        [
          ...process.execArgv,
          ...serverNodeFlags(),
          fileURLToPath(scriptUrl),
          '--child',
          kind,
          ...childArgs,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
      )
      return JSON.parse(output.trim().split('\n').at(-1)!) as TResult
    })
}

/**
 * The highest resident memory of this process, sampled every `intervalMs` until stopped; what
 * the process does after `stop` does not count.
 */
export function sampleRss(intervalMs: number) {
  let peak = process.memoryUsage.rss()
  let stopped = false
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }
  const timer = setInterval(sample, intervalMs)
  return {
    peak: () => {
      if (!stopped) sample()
      return peak
    },
    stop: () => {
      sample()
      stopped = true
      clearInterval(timer)
    },
  }
}

/**
 * A loopback port free right now. The server is configured with it before it listens, so the
 * origin it trusts for unsafe requests (http://127.0.0.1:PORT) is the one the client sends.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
