/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the built
 * PWA, so the server answers with them by content negotiation instead of compressing each
 * request (or sending the files as they are). Run after `vite build`, once the service worker
 * is written too; `npm run build` does.
 *
 *   npx tsx scripts/precompress.ts [--dist dist]
 *
 * Files under 1 KiB are left alone (the headers would cost more than they save), and so is a
 * copy that would not be smaller than its original.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ico|map)$/
const MIN_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

async function precompress(file: string): Promise<{ raw: number; br: number; gzip: number }> {
  const content = await fs.promises.readFile(file)
  const [brotliCopy, gzipCopy] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ])
  const written = { raw: content.length, br: content.length, gzip: content.length }
  if (brotliCopy.length < content.length) {
    await fs.promises.writeFile(`${file}.br`, brotliCopy)
    written.br = brotliCopy.length
  }
  if (gzipCopy.length < content.length) {
    await fs.promises.writeFile(`${file}.gz`, gzipCopy)
    written.gzip = gzipCopy.length
  }
  return written
}

/** Writes the compressed copies for every file of `dist` that gains from them; returns the totals. */
export async function precompressBuild(dist: string) {
  const files = filesUnder(dist).filter(
    (file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES,
  )
  const totals = { files: files.length, raw: 0, br: 0, gzip: 0 }
  for (const file of files) {
    const sizes = await precompress(file)
    totals.raw += sizes.raw
    totals.br += sizes.br
    totals.gzip += sizes.gzip
  }
  return totals
}

async function main() {
  const args = process.argv.slice(2)
  const distIndex = args.indexOf('--dist')
  const dist = path.resolve(distIndex === -1 ? 'dist' : (args[distIndex + 1] ?? 'dist'))
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run vite build first.`)
    process.exit(2)
  }
  const totals = await precompressBuild(dist)
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
  console.log(
    `precompressed ${totals.files} files: ${kib(totals.raw)} → ${kib(totals.br)} brotli, ${kib(totals.gzip)} gzip`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
