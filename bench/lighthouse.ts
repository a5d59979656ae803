/**
 * Lighthouse on the built product, as a phone on a slow network sees it: builds, starts the
 * server on the embedded database filled by the demo command, and runs Lighthouse (mobile preset,
 * simulated slow 4G, performance only) with Debian's Chromium on the sign-in page and, signed in
 * as the demo annotator, on the demo task's annotation screen. Prints score, FCP, LCP, TBT, CLS,
 * bytes and requests per page.
 *
 *   npm run bench:lighthouse
 *   npx tsx bench/lighthouse.ts [--no-build] [--runs 3] [--over http2|http1] [--port 8190] [--chromium /usr/bin/chromium] [--why]
 *
 * `--over http2` (the default) serves the product as a deployment does: behind a reverse proxy
 * that terminates TLS and speaks HTTP/2 (bench/tls-proxy.ts, with a self-signed certificate the
 * browser is told to accept). `--over http1` has the browser talk plain HTTP/1.1 to the product.
 *
 * `--runs N` audits each page N times and judges the median run (by score) of each: the simulated
 * figures of one page vary from run to run by a few points. Each run's line also gives Lighthouse's
 * CPU benchmark index and, on Linux, the share of CPU time the hypervisor took for other machines
 * during the run: blocking time is observed task time × 4, so a slow or busy machine inflates it.
 *
 * `--why` also prints each page's LCP element, its long tasks (what Total Blocking Time adds up),
 * its requests as the unthrottled load made them (Lighthouse's simulation counts those made
 * before a paint as needed for it) and the elements that moved (layout shifts).
 * Exits non-zero when a page misses a target: score ≥ 95, LCP ≤ 2.5 s, CLS ≤ 0.1.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launch as launchChrome } from 'chrome-launcher'
import lighthouse, { type RunnerResult } from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import { commandOption } from './support'
import { selfSignedCertificate, startTlsProxy } from './tls-proxy'

const TARGETS = { score: 95, lcpMs: 2500, cls: 0.1 }
const DEMO_PASSWORD = 'lighthouse-demo-password'
const DEMO_TASK = 'Demo batch: nine short recordings with pictures'

const repoRoot = path.resolve(import.meta.dirname, '..')
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs')

type PageFigures = {
  page: string
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  kib: number
  requests: number
  /**
   * Lighthouse's measure of this machine's CPU speed (higher is faster). The simulation multiplies
   * the tasks' observed times by 4 whatever the machine: blocking time grows on a slow or busy one.
   */
  benchmarkIndex: number
  /** Share of the machine's CPU time its hypervisor gave to others during the run (Linux). */
  stolen: number | null
}

/** The machine's CPU time so far, and how much of it was stolen (`/proc/stat`; null elsewhere). */
function cpuTimes(): { total: number; steal: number } | null {
  const line = fs.existsSync('/proc/stat')
    ? fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]
    : ''
  const ticks = line?.startsWith('cpu ') ? line.split(/\s+/).slice(1, 9).map(Number) : []
  if (ticks.length < 8) return null
  return { total: ticks.reduce((sum, value) => sum + value, 0), steal: ticks[7]! }
}

/** How the browser reaches the product: through the TLS proxy at `publicOrigin`, or directly. */
type Delivery = { port: number; publicOrigin: string | null }

function serverEnv(dataDir: string, { port, publicOrigin }: Delivery): NodeJS.ProcessEnv {
  // The product's default start: the embedded database, whatever the shell points at.
  const { DATABASE_URL: _postgres, MEDIA_DIR: _media, ...inherited } = process.env
  return {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    ...(publicOrigin && { PUBLIC_ORIGIN: publicOrigin, TRUST_PROXY: 'true' }),
  }
}

async function startProduct(root: string, delivery: Delivery): Promise<ChildProcess> {
  const { port } = delivery
  const env = serverEnv(path.join(root, 'data'), delivery)
  const demo = spawnSync(process.execPath, [tsx, 'server/manage/cli.ts', 'demo'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  })
  if (demo.status !== 0) throw new Error(`the demo command failed:\n${demo.stdout}${demo.stderr}`)
  const server = spawn(process.execPath, [tsx, path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  server.kill()
  throw new Error('the server did not answer within 90 s')
}

const byAria = (name: string, role = 'button') => `::-p-aria([name="${name}"][role="${role}"])`

/**
 * Signs the demo annotator in through the sign-in form (answering the cookie banner and the
 * information clause) and takes work in the demo task: answers the annotation screen's address.
 */
async function openAnnotationScreen(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/login`)
  await page.locator(byAria('I understand')).click()
  await page.locator(byAria('Sign in with username and password')).click()
  await page.locator(byAria('Username or e-mail', 'textbox')).fill('annotator')
  await page.locator(byAria('Password', 'textbox')).fill(DEMO_PASSWORD)
  await page.locator(byAria('Sign in')).click()
  await page.waitForFunction(() => !location.pathname.startsWith('/login'))
  const clause = await page
    .locator(byAria('I have read and accept the clause.', 'switch'))
    .setTimeout(5_000)
    .click()
    .then(
      () => true,
      () => false,
    )
  if (clause) await page.locator(byAria('Accept')).click()

  await page.goto(`${base}/tasks`)
  await page
    .locator(`::-p-aria([name="${DEMO_TASK}"][role="article"]) ${byAria('Take work')}`)
    .click()
  await page
    .locator(byAria('I have read the protocol'))
    .setTimeout(20_000)
    .click()
    .catch(() => undefined)
  await page.waitForFunction(() => /^\/tasks\/\d+\/\d+$/.test(location.pathname), {
    timeout: 30_000,
  })
  return page.url()
}

/** A run whose trace Lighthouse could not record (it asks to be run again) is run again. */
const ATTEMPTS_PER_RUN = 3

async function audit(chromePort: number, name: string, url: string): Promise<PageFigures> {
  let result: RunnerResult | undefined
  const cpuBefore = cpuTimes()
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result?.lhr.runtimeError) break
    console.log(`${name}: ${result.lhr.runtimeError.message}`)
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const cpuAfter = cpuTimes()
  if (process.argv.includes('--why')) explain(name, lhr)
  const requests = lhr.audits['network-requests']?.details
  return {
    page: name,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    kib: numeric('total-byte-weight') / 1024,
    requests: requests && 'items' in requests ? requests.items.length : 0,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    stolen:
      cpuBefore && cpuAfter
        ? (cpuAfter.steal - cpuBefore.steal) / (cpuAfter.total - cpuBefore.total || 1)
        : null,
  }
}

type NodeDetails = { selector?: string; nodeLabel?: string; boundingRect?: { height: number } }
type ShiftItem = {
  node?: NodeDetails
  score?: number
  subItems?: { items: { cause?: string; extra?: NodeDetails }[] }
}
type AuditDetails = { items?: ({ type?: string; items?: unknown[] } & NodeDetails & ShiftItem)[] }

/** Prints what Lighthouse blames: the LCP element with its phases, and each layout shift's causes. */
function explain(name: string, lhr: RunnerResult['lhr']) {
  const nodeText = (node?: NodeDetails) =>
    `${node?.selector ?? '?'} "${(node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}"`
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as AuditDetails | undefined
  for (const part of lcp?.items ?? []) {
    if (part.type === 'node') console.log(`${name}: LCP element ${nodeText(part)}`)
    for (const phase of (part.items ?? []) as { label: string; duration: number }[]) {
      console.log(`${name}: LCP ${phase.label}: ${Math.round(phase.duration)} ms`)
    }
  }
  const longTasks = lhr.audits['long-tasks']?.details as
    | { items?: { url?: string; startTime: number; duration: number }[] }
    | undefined
  for (const task of longTasks?.items ?? []) {
    console.log(
      `${name}: long task at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${task.url ?? '?'}`,
    )
  }
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0]
  console.log(
    `${name}: observed without throttling: FCP ${observed?.observedFirstContentfulPaint} ms, LCP ${observed?.observedLargestContentfulPaint} ms`,
  )
  const requests = lhr.audits['network-requests']?.details as
    | { items?: { url: string; networkRequestTime: number; transferSize: number }[] }
    | undefined
  for (const request of requests?.items ?? []) {
    console.log(
      `${name}: request at ${Math.round(request.networkRequestTime)} ms, ${(request.transferSize / 1024).toFixed(1)} KiB: ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
    )
  }
  const shifts = lhr.audits['layout-shifts']?.details as AuditDetails | undefined
  for (const shift of shifts?.items ?? []) {
    const causes = (shift.subItems?.items ?? []).map(
      (sub) => `${sub.cause ?? 'cause unknown'}${sub.extra ? ` (${nodeText(sub.extra)})` : ''}`,
    )
    console.log(
      `${name}: shift ${(shift.score ?? 0).toFixed(3)} of ${nodeText(shift.node)}${causes.length ? `: ${causes.join('; ')}` : ''}`,
    )
  }
}

/** Audits a page `runs` times; prints every run when there are several and gives the median one. */
async function auditRuns(
  runs: number,
  auditOnce: () => Promise<PageFigures>,
): Promise<PageFigures> {
  const results: PageFigures[] = []
  for (let run = 0; run < runs; run += 1) results.push(await auditOnce())
  if (runs > 1) {
    for (const [index, row] of results.entries()) {
      console.log(
        `${row.page} run ${index + 1}: score ${row.score}, FCP ${Math.round(row.fcpMs)} ms, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}, CPU benchmark index ${row.benchmarkIndex}${row.stolen === null ? '' : `, CPU stolen ${(row.stolen * 100).toFixed(1)} %`}`,
      )
    }
  }
  const byScore = [...results].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs)
  return byScore[Math.floor((byScore.length - 1) / 2)]!
}

function report(rows: PageFigures[]): boolean {
  console.log('\npage       | score | FCP s | LCP s | TBT ms | CLS   | KiB   | requests')
  console.log('-----------|-------|-------|-------|--------|-------|-------|---------')
  let met = true
  for (const row of rows) {
    console.log(
      [
        row.page.padEnd(10),
        String(row.score).padStart(5),
        (row.fcpMs / 1000).toFixed(2).padStart(5),
        (row.lcpMs / 1000).toFixed(2).padStart(5),
        row.tbtMs.toFixed(0).padStart(6),
        row.cls.toFixed(3).padStart(5),
        row.kib.toFixed(0).padStart(5),
        String(row.requests).padStart(8),
      ].join(' | '),
    )
    met &&= row.score >= TARGETS.score && row.lcpMs <= TARGETS.lcpMs && row.cls <= TARGETS.cls
  }
  console.log(
    `\n${met ? 'PASS' : 'FAIL'}  targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}`,
  )
  return met
}

async function main() {
  const port = Number(commandOption('--port') ?? 8190)
  const runs = Number(commandOption('--runs') ?? 1)
  const chromium = commandOption('--chromium') ?? '/usr/bin/chromium'
  const over = commandOption('--over') ?? 'http2'
  if (over !== 'http2' && over !== 'http1') throw new Error('--over takes http2 or http1')
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdwork-lighthouse-'))
  const viaProxy = over === 'http2'
  const base = viaProxy ? `https://127.0.0.1:${port}` : `http://127.0.0.1:${port}`
  const server = await startProduct(
    root,
    viaProxy ? { port: port + 1, publicOrigin: base } : { port, publicOrigin: null },
  )
  const proxy = viaProxy
    ? await startTlsProxy({
        port,
        upstreamPort: port + 1,
        certificate: selfSignedCertificate(root),
      })
    : null
  const chrome = await launchChrome({
    chromePath: chromium,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      ...(viaProxy ? ['--ignore-certificate-errors'] : []),
    ],
  })
  try {
    console.log(
      viaProxy
        ? `over HTTP/2 with TLS through a reverse proxy: ${base}`
        : `over plain HTTP/1.1 to the product: ${base}`,
    )
    const login = await auditRuns(runs, () => audit(chrome.port, '/login', `${base}/login`))

    // Signed in through the same browser; Lighthouse keeps its cookies (it clears the rest).
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const page = await browser.newPage()
    const annotationUrl = await openAnnotationScreen(page, base)
    await page.close()
    await browser.disconnect()
    const annotate = await auditRuns(runs, () => audit(chrome.port, 'annotation', annotationUrl))
    console.log(`annotation screen: ${new URL(annotationUrl).pathname}`)
    process.exitCode = report([login, annotate]) ? 0 : 1
  } finally {
    chrome.kill()
    proxy?.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    fs.rmSync(root, { recursive: true, force: true })
  }
}

await main()
