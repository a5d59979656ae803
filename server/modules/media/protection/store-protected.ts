import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { mediaFilePath, type StoredFile } from '../storage'
import type { ContentKey } from './content-key'
import { encryptAudio } from './encrypt'

/**
 * The folder a protected task's import keeps the plain uploads in while it encrypts them, one
 * per task so a retry of the import can remove what a killed attempt left (`removePlainAudio`).
 * It lies one level down in the media folder and its files end in `.part`, so the media
 * folder's sweep of abandoned writes removes them too.
 */
export function plainAudioFolder(mediaDir: string, taskId: number): string {
  return path.join(mediaDir, `plain-audio-${taskId}`)
}

/** Removes every plain upload an import of the task left behind. */
export async function removePlainAudio(mediaDir: string, taskId: number): Promise<void> {
  await fs.promises.rm(plainAudioFolder(mediaDir, taskId), { recursive: true, force: true })
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file), hash)
  return hash.digest('hex')
}

/**
 * Stores an audio upload only encrypted, under `<first two uuid chars>/<uuid>.mp4`: the plain
 * bytes go to `plainFolder` (readable by the server alone; an import uses its task's
 * `plainAudioFolder`), are encrypted from there, and are removed at once, whether the
 * encryption worked or not. A crash in between leaves the plain file in that folder only.
 */
export async function storeProtectedAudio(
  mediaDir: string,
  plainFolder: string,
  source: Readable,
  uuid: string,
  contentKey: ContentKey,
): Promise<StoredFile> {
  await fs.promises.mkdir(plainFolder, { recursive: true, mode: 0o700 })
  const plain = path.join(plainFolder, `${uuid}.part`)
  const storageKey = path.posix.join(uuid.slice(0, 2), `${uuid}.mp4`)
  const target = mediaFilePath(mediaDir, storageKey)
  try {
    await pipeline(source, fs.createWriteStream(plain, { mode: 0o600 }))
    const layout = await encryptAudio(plain, target, contentKey)
    return { uuid, storageKey, sizeBytes: layout.sizeBytes, sha256: await sha256Of(target) }
  } finally {
    await fs.promises.rm(plain, { force: true })
  }
}
