/**
 * What the HTTP load benchmarks share: requests over keep-alive agents timed from sending to the
 * answer's last byte, a recorder of latencies, errors and the server's CPU per request, and the
 * table they are reported in.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { IDEMPOTENCY_KEY_HEADER } from '../contract/worker'

export type Outcome = { status: number; body: string; ms: number }

export function send(
  agent: http.Agent,
  base: URL,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now()
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        headers: {
          ...headers,
          ...(body === '' ? {} : { 'content-type': 'application/json' }),
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        response.on('error', (error) =>
          resolve({ status: 0, body: String(error), ms: performance.now() - started }),
        )
      },
    )
    request.on('error', (error) =>
      resolve({ status: 0, body: String(error), ms: performance.now() - started }),
    )
    request.end(body)
  })
}

/** A POST of the benchmark's own set-up (not measured), with a fresh Idempotency-Key. */
export async function postJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`)
  return JSON.parse(text) as unknown
}

export type Summary = {
  name: string
  requests: number
  errors: number
  seconds: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  /** CPU of the Node server and of its PostgreSQL backends per request, in ms (null: unknown). */
  nodeCpuMs: number
  postgresCpuMs: number | null
  errorSamples: string[]
}

/**
 * CPU time used so far, in ms: the server process, and each of its database backends by process
 * id (null when they cannot be read: PostgreSQL on another machine).
 */
export type CpuReading = { node: number; postgres: Record<string, number> | null }
type CpuSpent = { node: number; postgres: number | null }

export class Recorder {
  readonly latencies: number[] = []
  errors = 0
  readonly errorSamples: string[] = []
  /** Server CPU over the measured window, and how many requests it served then. */
  cpu: CpuSpent = { node: 0, postgres: 0 }

  spent(from: CpuReading, to: CpuReading) {
    let postgres: number | null = null
    if (this.cpu.postgres !== null && from.postgres && to.postgres) {
      // A backend the pool opened meanwhile counts whole; one it closed is left out.
      postgres = this.cpu.postgres
      for (const [pid, ms] of Object.entries(to.postgres))
        postgres += ms - (from.postgres[pid] ?? 0)
    }
    this.addCpu({ node: to.node - from.node, postgres })
  }

  private addCpu(spent: CpuSpent) {
    this.cpu = {
      node: this.cpu.node + spent.node,
      postgres:
        this.cpu.postgres === null || spent.postgres === null
          ? null
          : this.cpu.postgres + spent.postgres,
    }
  }

  add(outcome: Outcome, label: string) {
    this.latencies.push(outcome.ms)
    if (outcome.status < 200 || outcome.status >= 300) {
      this.errors += 1
      if (this.errorSamples.length < 5) {
        this.errorSamples.push(`${label} -> ${outcome.status} ${outcome.body.slice(0, 300)}`)
      }
    }
  }

  merge(other: Recorder) {
    for (const ms of other.latencies) this.latencies.push(ms)
    this.errors += other.errors
    this.addCpu(other.cpu)
    for (const sample of other.errorSamples)
      if (this.errorSamples.length < 5) this.errorSamples.push(sample)
  }

  summary(name: string, seconds: number): Summary {
    const sorted = Float64Array.from(this.latencies).sort()
    const at = (quantile: number) =>
      sorted.length === 0
        ? Number.NaN
        : sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!
    return {
      name,
      requests: sorted.length,
      errors: this.errors,
      seconds,
      perSecond: sorted.length / seconds,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
      nodeCpuMs: this.cpu.node / sorted.length,
      postgresCpuMs: this.cpu.postgres === null ? null : this.cpu.postgres / sorted.length,
      errorSamples: this.errorSamples,
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** CPU ms of processes by id, from /proc (Linux); null when one cannot be read. */
export function processCpuMs(pids: number[]): Record<string, number> | null {
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  const cpu: Record<string, number> = {}
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
      cpu[pid] = (Number(fields[11]) + Number(fields[12])) * tick
    } catch {
      return null
    }
  }
  return cpu
}

/**
 * The server's CPU at `at` (a performance.now() time of the client process), read from the
 * benchmark's `/bench/cpu/` route when that time comes.
 */
export function cpuReader(base: URL) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  return async (at: number): Promise<CpuReading> => {
    await sleep(at - performance.now())
    const outcome = await send(agent, base, 'GET', '/bench/cpu/', {}, '')
    if (outcome.status !== 200) throw new Error(`GET /bench/cpu/ answered ${outcome.status}`)
    return JSON.parse(outcome.body) as CpuReading
  }
}

/** Runs `work` over `values` with at most `limit` at a time. */
export async function inParallel<T, R>(
  values: T[],
  limit: number,
  work: (value: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(values.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, values.length) }, async () => {
      while (next < values.length) {
        const index = next++
        results[index] = await work(values[index]!, index)
      }
    }),
  )
  return results
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')

export const ms = (value: number) => value.toFixed(1)

/** The summaries as a table: requests, errors, rate, latency quantiles and CPU per request. */
export function printSummaries(summaries: Summary[]): void {
  const header = [
    'scenario',
    'requests',
    'errors',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'server CPU ms/req',
    'PG CPU ms/req',
  ]
  const rows = summaries.map((summary) => [
    summary.name,
    summary.requests.toLocaleString('en'),
    String(summary.errors),
    summary.perSecond.toFixed(0),
    ms(summary.p50),
    ms(summary.p95),
    ms(summary.p99),
    ms(summary.max),
    summary.nodeCpuMs.toFixed(2),
    summary.postgresCpuMs === null ? '?' : summary.postgresCpuMs.toFixed(2),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join(' | ')
  console.log('')
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
  for (const row of rows) console.log(line(row))
}

/** Prints the error samples of every summary with errors; true when there were none. */
export function reportErrors(summaries: Summary[]): boolean {
  const failed = summaries.filter((summary) => summary.errors > 0)
  for (const summary of failed) {
    console.log(`\nerrors in "${summary.name}":`)
    for (const sample of summary.errorSamples) console.log(`  ${sample}`)
  }
  return failed.length === 0
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
