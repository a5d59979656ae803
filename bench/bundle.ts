/**
 * What a first visit downloads: the built PWA's start-up JavaScript and CSS (what index.html
 * loads, with the chunks they import statically), raw and gzipped, against a budget; then the
 * largest chunks loaded later (routes, charts, pdf.js, Markdown, catalogs) and what the service
 * worker precaches for offline use. Reads `dist/`, so run `npm run build` first.
 *
 *   npm run build && npm run bench:bundle
 *   npx tsx bench/bundle.ts [--dist dist] [--largest 10] [--budget-only]
 *
 * Exits non-zero when `dist/` is missing, the start-up budget is missed or the annotator's screens
 * would load the other areas' shared file: `npm run build` runs it with `--budget-only` (the verdict
 * lines alone), so such a build fails.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { commandOption } from './support'

/**
 * Start-up JavaScript, gzipped: about 1.1 s on Lighthouse's simulated slow 4G (1.6 Mbit/s) for a
 * first visit; later visits load it from the service worker's cache. What only signed-in pages
 * use is loaded with them, and the budget keeps it that way.
 */
const START_UP_JS_BUDGET_KIB = 150

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

type Chunk = { file: string; raw: number; gzip: number }

function measure(dist: string, file: string): Chunk {
  const content = fs.readFileSync(path.join(dist, file))
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
}

/** Files named by index.html's script and stylesheet tags, relative to `dist`. */
function entryFiles(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const found = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+\.(?:js|css))"/g)]
  return found.map((match) => match[1]!)
}

/** The given files with every chunk they import statically, as the browser loads them at once. */
function staticClosure(dist: string, entries: string[]): string[] {
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    if (!file.endsWith('.js')) return
    const code = fs.readFileSync(path.join(dist, file), 'utf8')
    for (const match of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?"\.\/([^"]+)"/g,
    )) {
      visit(path.join(path.dirname(file), match[1]!))
    }
  }
  for (const file of entries) visit(file)
  return [...files]
}

/**
 * `ui-kit` and `work` hold what the signed-in frame and the annotator's screens use, `other-areas`
 * what only the other areas do (scripts/first-work-split.ts). Null when the split holds: neither
 * of the first two imports `other-areas`, which a phone opening its work would otherwise wait for.
 */
function firstWorkSplitBroken(dist: string): string | null {
  const assets = fs.readdirSync(path.join(dist, 'assets')).map((file) => `assets/${file}`)
  const firstWork = assets.filter((file) => /\/(ui-kit|work)-[\w-]{8}\.js$/.test(file))
  const pulledIn = staticClosure(dist, firstWork).filter((file) => /\/other-areas-/.test(file))
  return pulledIn.length > 0 ? `${firstWork.join(', ')} import ${pulledIn.join(', ')}` : null
}

function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full)]
  })
}

function table(rows: Chunk[]) {
  const width = Math.max(30, ...rows.map((row) => row.file.length))
  console.log(`${'file'.padEnd(width)} | raw KiB | gzip KiB`)
  console.log(`${'-'.repeat(width)}-|---------|---------`)
  for (const row of rows) {
    console.log(
      `${row.file.padEnd(width)} | ${kib(row.raw).padStart(7)} | ${kib(row.gzip).padStart(8)}`,
    )
  }
}

function main() {
  const dist = path.resolve(commandOption('--dist') ?? 'dist')
  const largest = Number(commandOption('--largest') ?? 10)
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run npm run build first.`)
    process.exit(2)
  }
  const startUp = staticClosure(dist, entryFiles(dist)).map((file) => measure(dist, file))
  const js = startUp.filter((chunk) => chunk.file.endsWith('.js'))
  const jsGzip = js.reduce((sum, chunk) => sum + chunk.gzip, 0)
  const withinBudget = jsGzip / 1024 <= START_UP_JS_BUDGET_KIB
  const splitBroken = firstWorkSplitBroken(dist)
  const passed = withinBudget && splitBroken === null
  const verdict = [
    `${withinBudget ? 'PASS' : 'FAIL'}  start-up JavaScript: ${kib(jsGzip)} KiB gzipped (budget ${START_UP_JS_BUDGET_KIB} KiB)`,
    splitBroken === null
      ? "PASS  the annotator's screens need nothing of other-areas"
      : `FAIL  the annotator's screens need other-areas: ${splitBroken}`,
  ].join('\n')
  if (process.argv.includes('--budget-only')) {
    console.log(verdict)
    process.exit(passed ? 0 : 1)
  }
  console.log('start-up (index.html and its static imports):\n')
  table(startUp)
  const jsRaw = js.reduce((sum, chunk) => sum + chunk.raw, 0)
  console.log(`\nstart-up JavaScript: ${kib(jsRaw)} KiB raw, ${kib(jsGzip)} KiB gzipped`)

  const loadedLater = walk(dist)
    .filter((file) => file.endsWith('.js') && !startUp.some((chunk) => chunk.file === file))
    .map((file) => measure(dist, file))
    .sort((a, b) => b.raw - a.raw)
  console.log(`\nlargest of the ${loadedLater.length} files loaded when needed:\n`)
  table(loadedLater.slice(0, largest))

  const manifest = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8')
  const precached = [...manifest.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((match) => match[1]!)
  const precachedBytes = precached
    .map((url) => path.join(dist, url))
    .filter((file) => fs.existsSync(file))
    .reduce((sum, file) => sum + fs.statSync(file).size, 0)
  console.log(
    `\nprecached by the service worker for offline use: ${precached.length} files, ` +
      `${kib(precachedBytes)} KiB`,
  )
  console.log(`\n${verdict}`)
  process.exitCode = passed ? 0 : 1
}

main()
