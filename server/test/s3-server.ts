import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../modules/media/store/s3-store'

export type LocalS3Server = {
  settings: S3Settings
  /** The ids of the bucket's multipart uploads begun and neither completed nor aborted. */
  multipartUploads: () => string[]
  stop: () => Promise<void>
}

/**
 * A real S3-protocol server (s3rver) on a free loopback port over a temporary folder, with one
 * bucket; stop() shuts it and removes the folder.
 */
export async function startLocalS3Server(bucket = 'crowdwork-test'): Promise<LocalS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  // s3rver answers no ListMultipartUploads; it keeps each open upload in a folder of its own here.
  const uploads = path.join(directory, bucket, '._S3rver_uploads')
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    multipartUploads: () => (fs.existsSync(uploads) ? fs.readdirSync(uploads) : []),
    stop: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
