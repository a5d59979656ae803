import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalS3Server, startLocalS3Server } from '../../../test/s3-server'
import { LocalMediaStore } from './local-store'
import {
  ABANDONED_WRITE_MS,
  InvalidMediaKey,
  MediaObjectMissing,
  type MediaStore,
} from './media-store'
import { S3MediaStore } from './s3-store'

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A source that yields `bytes` bytes and then fails, like a connection reset mid-upload. */
function failingAfter(bytes: number): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset'))
        return
      }
      const chunk = Buffer.alloc(Math.min(1024 * 1024, bytes - sent), 7)
      sent += chunk.length
      this.push(chunk)
    },
  })
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

let folder: string
let s3: LocalS3Server
const stores: Record<string, MediaStore> = {}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-store-'))
  s3 = await startLocalS3Server()
  stores.local = new LocalMediaStore(folder)
  stores.s3 = new S3MediaStore(s3.settings)
  stores['s3 with a prefix'] = new S3MediaStore({ ...s3.settings, prefix: 'instance-a/' })
})

afterAll(async () => {
  for (const store of Object.values(stores)) if (store instanceof S3MediaStore) store.close()
  await s3?.stop()
  fs.rmSync(folder, { recursive: true, force: true })
})

describe.each(['local', 's3', 's3 with a prefix'])('media store contract: %s', (name) => {
  const store = () => stores[name] as MediaStore
  const key = (suffix: string) => `${name.replaceAll(' ', '-')}/${suffix}`

  it('stores a stream and answers it whole, in ranges and by head', async () => {
    await store().put(
      key('ab/one.txt'),
      Readable.from([Buffer.from('0123'), Buffer.from('456789')]),
    )
    expect(await text(await store().get(key('ab/one.txt')))).toBe('0123456789')
    expect(await text(await store().get(key('ab/one.txt'), { start: 2, end: 4 }))).toBe('234')
    expect(await text(await store().get(key('ab/one.txt'), { start: 9, end: 9 }))).toBe('9')
    const info = await store().head(key('ab/one.txt'))
    expect(info).toMatchObject({ key: key('ab/one.txt'), size: 10 })
    expect(info?.etag).toMatch(/^".+"$/)
    expect(Math.abs((info?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
  })

  it('answers a missing key as missing', async () => {
    expect(await store().head(key('nothing.txt'))).toBeNull()
    await expect(store().get(key('nothing.txt'))).rejects.toBeInstanceOf(MediaObjectMissing)
    await expect(store().copy(key('nothing.txt'), key('copy.txt'))).rejects.toBeInstanceOf(
      MediaObjectMissing,
    )
    await expect(store().delete(key('nothing.txt'))).resolves.toBeUndefined()
  })

  it('replaces an object with a new validator, and deletes it', async () => {
    await store().put(key('cd/two.txt'), Readable.from([Buffer.from('first')]))
    const first = await store().head(key('cd/two.txt'))
    await store().put(key('cd/two.txt'), Readable.from([Buffer.from('second!')]))
    const second = await store().head(key('cd/two.txt'))
    expect(second?.size).toBe(7)
    expect(second?.etag).not.toBe(first?.etag)
    await store().delete(key('cd/two.txt'))
    expect(await store().head(key('cd/two.txt'))).toBeNull()
  })

  it('lists by prefix', async () => {
    await store().put(key('list/a/1.txt'), Readable.from([Buffer.from('1')]))
    await store().put(key('list/a/2.txt'), Readable.from([Buffer.from('22')]))
    await store().put(key('list/b/3.txt'), Readable.from([Buffer.from('333')]))
    const listed = await collect(store().list(key('list/a/')))
    expect(listed.map((object) => [object.key, object.size]).sort()).toEqual([
      [key('list/a/1.txt'), 1],
      [key('list/a/2.txt'), 2],
    ])
    expect((await collect(store().list(key('list/')))).length).toBe(3)
    expect(await collect(store().list(key('list/c')))).toEqual([])
  })

  it('copies an object to another key', async () => {
    await store().put(key('copy/from.bin'), Readable.from([Buffer.from('copied bytes')]))
    await store().copy(key('copy/from.bin'), key('copy/to.bin'))
    expect(await text(await store().get(key('copy/to.bin')))).toBe('copied bytes')
    expect(await text(await store().get(key('copy/from.bin')))).toBe('copied bytes')
  })

  it('hands a file holding the object to readers that need one', async () => {
    await store().put(key('file/data.csv'), Readable.from([Buffer.from('a,b\n1,2\n')]))
    const read = await store().withLocalFile(key('file/data.csv'), (filePath) =>
      fs.promises.readFile(filePath, 'utf8'),
    )
    expect(read).toBe('a,b\n1,2\n')
    await expect(
      store().withLocalFile(key('file/none.csv'), async () => 'read'),
    ).rejects.toBeInstanceOf(MediaObjectMissing)
  })

  it('stores objects larger than a multipart part byte for byte', async () => {
    const bytes = Buffer.alloc(17 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i)
    const chunks = Array.from({ length: 17 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    )
    await store().put(key('big/large.bin'), Readable.from(chunks))
    expect((await store().head(key('big/large.bin')))?.size).toBe(bytes.length)
    expect(sha256(await bytesOf(await store().get(key('big/large.bin'))))).toBe(sha256(bytes))
    const tail = await bytesOf(
      await store().get(key('big/large.bin'), { start: 16 * 1024 * 1024, end: bytes.length - 1 }),
    )
    expect(tail.equals(bytes.subarray(16 * 1024 * 1024))).toBe(true)
  }, 60_000)

  it.each([
    ['before its first byte', 0],
    ['in a small object', 1000],
    ['after several multipart parts', 20 * 1024 * 1024],
  ])(
    'leaves no object when the source fails %s',
    async (_, bytes) => {
      const target = key(`failed/${bytes}.bin`)
      await expect(store().put(target, failingAfter(bytes))).rejects.toThrow('connection reset')
      expect(await store().head(target)).toBeNull()
      expect(await collect(store().list(key('failed/')))).toEqual([])
    },
    60_000,
  )

  it('refuses keys that could climb out of the store', async () => {
    for (const bad of ['../etc/passwd', '/abs.txt', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(store().put(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        InvalidMediaKey,
      )
      await expect(store().head(bad)).rejects.toBeInstanceOf(InvalidMediaKey)
    }
  })

  it('sweeps leave complete objects alone', async () => {
    await store().put(key('sweep/kept.txt'), Readable.from([Buffer.from('kept')]))
    await store().sweep(Date.now() + 48 * 3600_000)
    expect(await text(await store().get(key('sweep/kept.txt')))).toBe('kept')
  })
})

describe('local media store', () => {
  it('sweeps temporary files a killed write left, once they are old', async () => {
    const store = new LocalMediaStore(folder)
    const partial = path.join(folder, 'sweep-local', 'x.bin.1234abcd.part')
    fs.mkdirSync(path.dirname(partial), { recursive: true })
    fs.writeFileSync(partial, 'half')
    expect(await store.sweep()).toBe(0)
    expect(await collect(store.list('sweep-local/'))).toEqual([])
    expect(await store.sweep(Date.now() + ABANDONED_WRITE_MS + 1000)).toBe(1)
    expect(fs.existsSync(partial)).toBe(false)
  })
})

describe('S3 media store', () => {
  it('keeps a prefixed store to its prefix', async () => {
    const prefixed = stores['s3 with a prefix'] as MediaStore
    await prefixed.put('only/here.txt', Readable.from([Buffer.from('here')]))
    expect(await (stores.s3 as MediaStore).head('instance-a/only/here.txt')).toMatchObject({
      size: 4,
    })
    expect(await (stores.s3 as MediaStore).head('only/here.txt')).toBeNull()
  })

  it('fails its check with one line when the bucket is missing or the server unreachable', async () => {
    await expect(stores.s3?.check()).resolves.toBeUndefined()
    const missing = new S3MediaStore({ ...s3.settings, bucket: 'no-such-bucket' })
    await expect(missing.check()).rejects.toThrow(
      /^the media bucket S3 bucket no-such-bucket .* cannot be reached: NotFound/,
    )
    missing.close()
    const unreachable = new S3MediaStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' })
    await expect(unreachable.check()).rejects.toThrow(/cannot be reached: .+/)
    unreachable.close()
  })
})
