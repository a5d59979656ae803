import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorHandler } from '../../http/errors'
import { type LocalS3Server, startLocalS3Server } from '../../test/s3-server'
import { parseRange, readStoredBytes, sendStoredFile, storeStream } from './storage'
import { LocalMediaStore } from './store/local-store'
import type { MediaStore } from './store/media-store'
import { S3MediaStore } from './store/s3-store'

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'))
let s3: LocalS3Server
const stores: Record<string, MediaStore> = {}
beforeAll(async () => {
  s3 = await startLocalS3Server()
  stores.local = new LocalMediaStore(mediaDir)
  stores.s3 = new S3MediaStore(s3.settings)
})
afterAll(async () => {
  stores.s3?.close()
  await s3?.stop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

describe('parseRange', () => {
  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull()
    expect(parseRange(undefined, 1000)).toBeNull()
  })
})

describe.each(['local', 's3'])('media storage on the %s store', (name) => {
  const media = () => stores[name] as MediaStore

  it('stores a stream under a uuid key with its size and sha256', async () => {
    const stored = await storeStream(
      media(),
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      '.TXT',
    )
    expect(stored.storageKey).toBe(`${stored.uuid.slice(0, 2)}/${stored.uuid}.txt`)
    expect(stored.sizeBytes).toBe(11)
    expect(stored.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9')
    expect(await text(await media().get(stored.storageKey))).toBe('hello world')
    expect((await readStoredBytes(media(), stored.storageKey, 5))?.toString()).toBe('hello')
    expect((await readStoredBytes(media(), stored.storageKey))?.toString()).toBe('hello world')
    expect(await readStoredBytes(media(), 'ab/missing.txt')).toBeNull()
  })

  it('leaves nothing behind when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(
      storeStream(media(), failing, '', '0f000000-0000-4000-8000-000000000000'),
    ).rejects.toThrow('connection reset')
    expect(await media().head('0f/0f000000-0000-4000-8000-000000000000')).toBeNull()
  })

  it('reports a source that fails before the copy starts', async () => {
    const failing = new Readable({ read() {} })
    const stored = storeStream(media(), failing)
    failing.destroy(new Error('corrupt entry'))
    await expect(stored).rejects.toThrow('corrupt entry')
  })

  describe('over HTTP', () => {
    let app: FastifyInstance
    let storageKey: string
    beforeAll(async () => {
      storageKey = (await storeStream(media(), Readable.from([Buffer.from('0123456789')])))
        .storageKey
      app = Fastify()
      app.setErrorHandler(errorHandler)
      app.get<{ Querystring: { key?: string; download?: string } }>('/file', (request, reply) =>
        sendStoredFile(
          request,
          reply,
          media(),
          {
            storageKey: request.query.key ?? storageKey,
            mimeType: 'audio/wav',
            originalName: 'ré.wav',
          },
          { download: request.query.download === 'yes' },
        ),
      )
    })
    afterAll(() => app.close())

    it('serves whole files and ranges with validators', async () => {
      const whole = await app.inject({ url: '/file' })
      expect(whole.statusCode).toBe(200)
      expect(whole.headers['accept-ranges']).toBe('bytes')
      expect(whole.headers['content-length']).toBe('10')
      expect(whole.headers.etag).toMatch(/^".+"$/)
      expect(Date.parse(String(whole.headers['last-modified']))).not.toBeNaN()
      expect(whole.body).toBe('0123456789')
      const part = await app.inject({ url: '/file', headers: { range: 'bytes=2-4' } })
      expect(part.statusCode).toBe(206)
      expect(part.headers['content-range']).toBe('bytes 2-4/10')
      expect(part.body).toBe('234')
      const outside = await app.inject({ url: '/file', headers: { range: 'bytes=20-' } })
      expect(outside.statusCode).toBe(416)
      expect(outside.headers['content-range']).toBe('bytes */10')
    })

    it('answers 304 to a current validator, and the file to an old one', async () => {
      const whole = await app.inject({ url: '/file' })
      const etag = String(whole.headers.etag)
      const lastModified = String(whole.headers['last-modified'])
      const sameTag = await app.inject({ url: '/file', headers: { 'if-none-match': etag } })
      expect(sameTag.statusCode).toBe(304)
      expect(sameTag.body).toBe('')
      expect(sameTag.headers.etag).toBe(etag)
      const listed = await app.inject({
        url: '/file',
        headers: { 'if-none-match': `"old", W/${etag}` },
      })
      expect(listed.statusCode).toBe(304)
      const otherTag = await app.inject({ url: '/file', headers: { 'if-none-match': '"old"' } })
      expect(otherTag.statusCode).toBe(200)
      expect(otherTag.body).toBe('0123456789')
      const since = await app.inject({
        url: '/file',
        headers: { 'if-modified-since': lastModified },
      })
      expect(since.statusCode).toBe(304)
      const before = await app.inject({
        url: '/file',
        headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
      })
      expect(before.statusCode).toBe(200)
    })

    it('answers a range with If-Range only for the current version', async () => {
      const etag = String((await app.inject({ url: '/file' })).headers.etag)
      const current = await app.inject({
        url: '/file',
        headers: { range: 'bytes=0-1', 'if-range': etag },
      })
      expect(current.statusCode).toBe(206)
      expect(current.body).toBe('01')
      const stale = await app.inject({
        url: '/file',
        headers: { range: 'bytes=0-1', 'if-range': '"old"' },
      })
      expect(stale.statusCode).toBe(200)
      expect(stale.body).toBe('0123456789')
    })

    it('names a download, and answers a missing file with 404', async () => {
      const download = await app.inject({ url: '/file?download=yes' })
      expect(download.headers['content-disposition']).toBe(
        "attachment; filename*=UTF-8''r%C3%A9.wav",
      )
      const missing = await app.inject({ url: '/file?key=ab/none.wav' })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().code).toBe('not_found')
    })
  })
})
