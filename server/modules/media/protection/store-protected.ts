import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type StoredFile, storeStream } from '../storage'
import type { MediaStore } from '../store/media-store'
import type { ContentKey } from './content-key'
import { encryptAudio } from './encrypt'

/** The start of the plain-audio folders of one store's imports, in the OS temp folder. */
function plainAudioPrefix(media: MediaStore): string {
  const store = createHash('sha256').update(media.description).digest('hex').slice(0, 12)
  return `crowdwork-plain-audio-${store}-`
}

/**
 * The folder a protected task's import keeps the plain uploads in while it encrypts them: in the
 * OS temp folder (plain audio never reaches the media store), one per store and task so a retry
 * of the import on this machine can remove what a killed attempt left (`removePlainAudio`).
 */
export function plainAudioFolder(media: MediaStore, taskId: number): string {
  return path.join(os.tmpdir(), `${plainAudioPrefix(media)}${taskId}`)
}

/** The plain-audio folders of the store's imports that exist on this machine. */
export async function plainAudioFolders(media: MediaStore): Promise<string[]> {
  const prefix = plainAudioPrefix(media)
  const names = await fs.promises.readdir(os.tmpdir()).catch(() => [])
  return names.filter((name) => name.startsWith(prefix)).map((name) => path.join(os.tmpdir(), name))
}

/** Removes every plain upload an import of the task left behind. */
export async function removePlainAudio(media: MediaStore, taskId: number): Promise<void> {
  await fs.promises.rm(plainAudioFolder(media, taskId), { recursive: true, force: true })
}

/**
 * Removes the plain uploads no write has touched for `olderThanMs`: those of an import killed
 * and never retried here (its task deleted meanwhile, or retried by another machine). A live
 * import writes or reads its files all the time. Answers how many files went.
 */
export async function removeAbandonedPlainAudio(
  media: MediaStore,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for (const folder of await plainAudioFolders(media)) {
    const names = await fs.promises.readdir(folder).catch(() => [])
    for (const name of names) {
      const file = path.join(folder, name)
      const stat = await fs.promises.stat(file).catch(() => null)
      if (!stat || now - Math.max(stat.mtimeMs, stat.atimeMs) < olderThanMs) continue
      await fs.promises.rm(file, { force: true })
      removed += 1
    }
    // Only an empty folder goes: an import may be about to write into it.
    await fs.promises.rmdir(folder).catch(() => undefined)
  }
  return removed
}

/**
 * Stores an audio upload only encrypted, under `<first two uuid chars>/<uuid>.mp4`: the plain
 * bytes go to `plainFolder` (readable by the server alone; an import uses its task's
 * `plainAudioFolder`), are encrypted there, then stored, and both files are removed at once,
 * whether it worked or not. A crash in between leaves them in that folder only.
 */
export async function storeProtectedAudio(
  media: MediaStore,
  plainFolder: string,
  source: Readable,
  uuid: string,
  contentKey: ContentKey,
): Promise<StoredFile> {
  await fs.promises.mkdir(plainFolder, { recursive: true, mode: 0o700 })
  const plain = path.join(plainFolder, `${uuid}.part`)
  const encrypted = path.join(plainFolder, `${uuid}.mp4.part`)
  try {
    await pipeline(source, fs.createWriteStream(plain, { mode: 0o600 }))
    await encryptAudio(plain, encrypted, contentKey)
    return await storeStream(media, fs.createReadStream(encrypted), '.mp4', uuid)
  } finally {
    await fs.promises.rm(plain, { force: true })
    await fs.promises.rm(encrypted, { force: true })
  }
}
