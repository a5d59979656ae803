import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressBuild } from '../../scripts/precompress'
import { createTestApp, type TestApp } from '../test/harness'
import { type SignedInClient, signIn } from '../test/session-client'

let t: TestApp
let client: SignedInClient
let staticDir: string
const script = `${'export const greeting = "hello, annotator";\n'.repeat(200)}`
const html = `<!doctype html><title>app</title>${'<p>offline first</p>'.repeat(100)}`

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-pwa-'))
  fs.mkdirSync(path.join(staticDir, 'assets'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), html)
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), script)
  fs.writeFileSync(path.join(staticDir, 'assets', 'tiny-abc123.js'), 'console.log(1)')
  await precompressBuild(staticDir)
  t = await createTestApp({ staticDir })
  client = await signIn(t, { roles: ['client'] })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

const decoders = { br: brotliDecompressSync, gzip: gunzipSync }

describe('compressed delivery', () => {
  it('the build step writes brotli and gzip copies of files above 1 KiB only', () => {
    const assets = fs.readdirSync(path.join(staticDir, 'assets')).sort()
    expect(assets).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'tiny-abc123.js',
    ])
  })

  // A browser's own fetches (the page's and the service worker's precache alike) send this header.
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    it(`serves the app's files ${encoding}-compressed to a client accepting "${acceptEncoding}"`, async () => {
      for (const [url, original, type] of [
        ['/assets/index-abc123.js', script, 'javascript'],
        ['/', html, 'text/html'],
        ['/tasks/12/annotate', html, 'text/html'],
      ] as const) {
        const answer = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } })
        expect(answer.statusCode, url).toBe(200)
        expect(answer.headers['content-encoding'], url).toBe(encoding)
        expect(answer.headers.vary, url).toMatch(/accept-encoding/i)
        expect(answer.headers['content-type'], url).toContain(type)
        expect(decoders[encoding](answer.rawPayload).toString(), url).toBe(original)
      }
    })
  }

  it('sends files as they are to a client that accepts no compression, still saying they vary', async () => {
    for (const url of ['/assets/index-abc123.js', '/', '/assets/tiny-abc123.js']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } })
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['content-encoding'], url).toBeUndefined()
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i)
    }
    const noHeader = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(noHeader.headers['content-encoding']).toBeUndefined()
    expect(noHeader.body).toBe(script)
  })

  it('compresses JSON answers above 1 KiB, and leaves small ones alone', async () => {
    const schema = await t.app.inject({
      url: '/api/schema/',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(schema.statusCode).toBe(200)
    expect(schema.headers['content-encoding']).toBe('br')
    expect(schema.headers.vary).toMatch(/accept-encoding/i)
    const document = JSON.parse(brotliDecompressSync(schema.rawPayload).toString())
    expect(document.openapi).toMatch(/^3\./)

    const gzipped = await t.app.inject({
      url: '/api/schema/',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString()).openapi).toMatch(/^3\./)

    const identity = await t.app.inject({ url: '/api/schema/' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(identity.body).openapi).toMatch(/^3\./)

    const small = await client.get('auth/current-user/', {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})
