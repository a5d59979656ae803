import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalS3Server, startLocalS3Server } from '../../../test/s3-server'
import { LocalMediaStore } from './local-store'
import { MediaStoreUnavailable, openCheckedMediaStore } from './open-store'
import { S3MediaStore } from './s3-store'

let s3: LocalS3Server
let folder: string
beforeAll(async () => {
  s3 = await startLocalS3Server()
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'open-store-'))
})
afterAll(async () => {
  await s3.stop()
  fs.rmSync(folder, { recursive: true, force: true })
})

describe('opening the media store at start', () => {
  it('opens the local folder, making it, or the bucket the configuration names', async () => {
    const local = await openCheckedMediaStore({ mediaDir: path.join(folder, 'media'), s3: null })
    expect(local).toBeInstanceOf(LocalMediaStore)
    expect(fs.statSync(path.join(folder, 'media')).isDirectory()).toBe(true)
    const bucket = await openCheckedMediaStore({ mediaDir: folder, s3: s3.settings })
    expect(bucket).toBeInstanceOf(S3MediaStore)
    bucket.close()
  })

  it('stops the start with one line when the bucket is missing', async () => {
    const opening = openCheckedMediaStore({
      mediaDir: folder,
      s3: { ...s3.settings, bucket: 'missing-bucket' },
    })
    await expect(opening).rejects.toBeInstanceOf(MediaStoreUnavailable)
    await expect(opening).rejects.toThrow(
      /^Media storage unavailable: the media bucket S3 bucket missing-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be reached: NotFound \(HTTP 404\)$/,
    )
  })

  it('stops the start when the local folder cannot be made', async () => {
    const file = path.join(folder, 'a-file')
    fs.writeFileSync(file, '')
    await expect(
      openCheckedMediaStore({ mediaDir: path.join(file, 'media'), s3: null }),
    ).rejects.toThrow(/^Media storage unavailable: .*a-file/)
  })
})
