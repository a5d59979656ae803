import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MediaStore, StoredObjectInfo } from './media-store'

export type MigrationResult = { copied: number; skipped: number; bytes: number }

export class MigrationMismatch extends Error {}

async function sha256Of(store: MediaStore, key: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(await store.get(key), hash)
  return hash.digest('hex')
}

/**
 * Copies every object of `from` to `to` under the same key, checking each copy's size and SHA-256
 * against what was read. Resumable: an object `to` already holds with the same size is left as it
 * is (stores write all or nothing, so an object under its key is whole), so a run cut short is
 * simply run again. A copy that does not match is removed and stops the run.
 */
export async function migrateMedia(
  from: MediaStore,
  to: MediaStore,
  progress: (object: StoredObjectInfo, done: 'copied' | 'skipped') => void = () => {},
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, bytes: 0 }
  for await (const object of from.list('')) {
    const present = await to.head(object.key)
    if (present?.size === object.size) {
      result.skipped += 1
      progress(object, 'skipped')
      continue
    }
    const hash = createHash('sha256')
    let size = 0
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        size += chunk.length
        done(null, chunk)
      },
    })
    const source = await from.get(object.key)
    source.once('error', (error) => counted.destroy(error))
    await to.put(object.key, source.pipe(counted))
    const sha256 = hash.digest('hex')
    const copy = await to.head(object.key)
    if (
      size !== object.size ||
      copy?.size !== size ||
      (await sha256Of(to, object.key)) !== sha256
    ) {
      await to.delete(object.key)
      throw new MigrationMismatch(
        `the copy of ${object.key} does not match the original (${object.size} bytes listed, ${size} read, ${copy?.size ?? 'none'} stored); nothing was kept of it, run the migration again`,
      )
    }
    result.copied += 1
    result.bytes += size
    progress(object, 'copied')
  }
  return result
}
