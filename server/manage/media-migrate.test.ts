import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalMediaStore } from '../modules/media/store/local-store'
import { S3MediaStore } from '../modules/media/store/s3-store'
import { type LocalS3Server, startLocalS3Server } from '../test/s3-server'
import { runCli } from './run'

let s3: LocalS3Server
let mediaDir: string
beforeAll(async () => {
  s3 = await startLocalS3Server()
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manage-media-migrate-'))
})
afterAll(async () => {
  await s3.stop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

function run(args: string[], env: NodeJS.ProcessEnv) {
  const lines = { out: [] as string[], err: [] as string[] }
  const output = {
    out: (line: string) => lines.out.push(line),
    err: (line: string) => lines.err.push(line),
  }
  return runCli(['media-migrate', ...args], env, output).then((code) => ({ code, ...lines }))
}

describe('npm run manage -- media-migrate', () => {
  const bucketEnv = () => ({
    MEDIA_DIR: mediaDir,
    MEDIA_STORAGE: 's3',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'cli',
  })

  it('copies the media folder into the bucket, and says what it did', async () => {
    await new LocalMediaStore(mediaDir).put('ab/file.wav', Readable.from([Buffer.from('RIFF')]))
    const result = await run(['--to', 's3'], bucketEnv())
    expect(result).toMatchObject({ code: 0, err: [] })
    expect(result.out.at(-1)).toMatch(
      /^Copied 1 file\(s\) \(4 bytes\) from the local folder .* to the S3 bucket crowdwork-test \(prefix cli\/\) at http.*; 0 were there already\.$/,
    )
    const bucket = new S3MediaStore({ ...s3.settings, prefix: 'cli/' })
    expect(await text(await bucket.get('ab/file.wav'))).toBe('RIFF')
    bucket.close()
    expect((await run(['--to', 's3'], bucketEnv())).out.at(-1)).toMatch(
      /Copied 0 file.*; 1 were there already\.$/,
    )
  })

  it('refuses without a direction, without the bucket settings, or with a missing bucket', async () => {
    expect(await run([], bucketEnv())).toMatchObject({
      code: 1,
      err: ['media-migrate: say where to with --to s3 or --to local.'],
    })
    const local = await run(['--to', 'local'], { MEDIA_DIR: mediaDir })
    expect(local.code).toBe(1)
    expect(local.err[0]).toMatch(/^media-migrate: set MEDIA_STORAGE=s3/)
    const missing = await run(['--to', 's3'], { ...bucketEnv(), S3_BUCKET: 'not-there' })
    expect(missing.code).toBe(1)
    expect(missing.err[0]).toMatch(/^Media storage unavailable: .*NotFound/)
  })
})
