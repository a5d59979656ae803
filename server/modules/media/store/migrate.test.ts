import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalS3Server, startLocalS3Server } from '../../../test/s3-server'
import { LocalMediaStore } from './local-store'
import { migrateMedia } from './migrate'
import { S3MediaStore } from './s3-store'

let s3: LocalS3Server
let folder: string
beforeAll(async () => {
  s3 = await startLocalS3Server()
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-migrate-'))
})
afterAll(async () => {
  await s3.stop()
  fs.rmSync(folder, { recursive: true, force: true })
})

describe('media migration', () => {
  it('copies every object to the bucket and back, resumably, leaving temporary files behind', async () => {
    const local = new LocalMediaStore(path.join(folder, 'from'))
    const bucket = new S3MediaStore({ ...s3.settings, prefix: 'moved/' })
    const files = {
      'ab/one.wav': 'RIFF one',
      'cd/two.csv': 'a,b\n1,2\n',
      'ef/empty.txt': '',
      'ef/big.bin': 'x'.repeat(9 * 1024 * 1024),
    }
    for (const [key, content] of Object.entries(files)) {
      await local.put(key, Readable.from([Buffer.from(content)]))
    }
    fs.writeFileSync(path.join(folder, 'from', 'ab', 'half.wav.12345678.part'), 'half')
    // As a run cut short leaves it: one object copied already.
    await bucket.put('ab/one.wav', Readable.from([Buffer.from('RIFF one')]))

    const seen: string[] = []
    const first = await migrateMedia(local, bucket, (object, done) =>
      seen.push(`${done} ${object.key}`),
    )
    expect(first).toEqual({ copied: 3, skipped: 1, bytes: 9 * 1024 * 1024 + 8 })
    expect(seen.sort()).toEqual([
      'copied cd/two.csv',
      'copied ef/big.bin',
      'copied ef/empty.txt',
      'skipped ab/one.wav',
    ])
    for (const [key, content] of Object.entries(files)) {
      expect(await text(await bucket.get(key))).toBe(content)
    }
    expect(await bucket.head('ab/half.wav.12345678.part')).toBeNull()
    expect(await migrateMedia(local, bucket)).toEqual({ copied: 0, skipped: 4, bytes: 0 })

    const back = new LocalMediaStore(path.join(folder, 'back'))
    expect((await migrateMedia(bucket, back)).copied).toBe(4)
    for (const [key, content] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(folder, 'back', key), 'utf8')).toBe(content)
    }
    bucket.close()
  }, 60_000)
})
