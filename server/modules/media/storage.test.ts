import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { errorHandler } from '../../http/errors'
import { mediaFilePath, parseRange, sendStoredFile, storeStream } from './storage'

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'))
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }))

describe('media storage', () => {
  it('stores a stream under a uuid key with its size and sha256', async () => {
    const stored = await storeStream(
      mediaDir,
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      '.TXT',
    )
    expect(stored.storageKey).toBe(`${stored.uuid.slice(0, 2)}/${stored.uuid}.txt`)
    expect(stored.sizeBytes).toBe(11)
    expect(stored.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9')
    expect(fs.readFileSync(mediaFilePath(mediaDir, stored.storageKey), 'utf8')).toBe('hello world')
    expect(fs.readdirSync(path.dirname(mediaFilePath(mediaDir, stored.storageKey)))).not.toContain(
      `${stored.uuid}.txt.part`,
    )
  })

  it('leaves nothing behind when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(storeStream(mediaDir, failing)).rejects.toThrow('connection reset')
    const leftovers = fs.readdirSync(mediaDir, { recursive: true }).map(String)
    expect(leftovers.filter((name) => name.endsWith('.part'))).toEqual([])
  })

  it('reports a source that fails before the copy starts', async () => {
    const failing = new Readable({ read() {} })
    const stored = storeStream(mediaDir, failing)
    failing.destroy(new Error('corrupt entry'))
    await expect(stored).rejects.toThrow('corrupt entry')
  })

  it('refuses keys that escape the media directory', () => {
    expect(() => mediaFilePath(mediaDir, '../etc/passwd')).toThrow('escapes')
  })

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull()
    expect(parseRange(undefined, 1000)).toBeNull()
  })

  it('serves whole files and ranges over HTTP', async () => {
    const stored = await storeStream(mediaDir, Readable.from([Buffer.from('0123456789')]))
    const app = Fastify()
    app.setErrorHandler(errorHandler)
    app.get('/file', (request, reply) =>
      sendStoredFile(request, reply, mediaDir, {
        storageKey: stored.storageKey,
        mimeType: 'audio/wav',
      }),
    )
    const whole = await app.inject({ url: '/file' })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.body).toBe('0123456789')
    const part = await app.inject({ url: '/file', headers: { range: 'bytes=2-4' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 2-4/10')
    expect(part.body).toBe('234')
    const outside = await app.inject({ url: '/file', headers: { range: 'bytes=20-' } })
    expect(outside.statusCode).toBe(416)
    await app.close()
  })
})
