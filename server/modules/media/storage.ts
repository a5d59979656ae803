import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { HttpError } from '../../http/errors'

/** What a stored file looks like before its media_objects row is written. */
export type StoredFile = {
  uuid: string
  storageKey: string
  sizeBytes: number
  sha256: string
}

/**
 * Files live under the media directory at `<first two uuid chars>/<uuid><ext>`, so no folder
 * grows past a few thousand entries. Writes go to a temporary name and are renamed when
 * complete: a crash never leaves a half-written file under a real key. `uuid` is given when the
 * caller has already handed it out (an import writes it into item data before storing the file).
 */
export async function storeStream(
  mediaDir: string,
  source: Readable,
  extension = '',
  uuid: string = randomUUID(),
): Promise<StoredFile> {
  const storageKey = path.posix.join(uuid.slice(0, 2), `${uuid}${extension.toLowerCase()}`)
  const target = path.join(mediaDir, storageKey)
  // The source may fail while the folder is being made; keep that error instead of letting an
  // unhandled 'error' event end the process, and report it as the store's failure.
  let earlyError: unknown = null
  const keepEarlyError = (error: unknown) => {
    earlyError = error
  }
  source.once('error', keepEarlyError)
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  source.off('error', keepEarlyError)
  if (earlyError) throw earlyError
  const temporary = `${target}.part`
  const hash = createHash('sha256')
  let sizeBytes = 0
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk)
    sizeBytes += chunk.length
  })
  try {
    await pipeline(source, fs.createWriteStream(temporary))
    await fs.promises.rename(temporary, target)
  } catch (error) {
    await fs.promises.rm(temporary, { force: true })
    throw error
  }
  return { uuid, storageKey, sizeBytes, sha256: hash.digest('hex') }
}

/**
 * A `.part` file nobody has written to for this long belongs to an upload or import cut short by
 * a crash. A live write touches its file all the time, so another server sharing the directory
 * never loses one it is writing.
 */
export const ABANDONED_PART_FILE_MS = 5 * 60 * 1000

/**
 * Removes the `.part` files writes cut short by a crash left in the media directory (they live
 * one folder down, beside the files they were to become). Answers how many went.
 */
export async function removeAbandonedPartFiles(
  mediaDir: string,
  now = Date.now(),
): Promise<number> {
  const folders = await fs.promises.readdir(mediaDir, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const folder of folders) {
    if (!folder.isDirectory()) continue
    const folderPath = path.join(mediaDir, folder.name)
    for (const name of await fs.promises.readdir(folderPath).catch(() => [])) {
      if (!name.endsWith('.part')) continue
      const filePath = path.join(folderPath, name)
      const stat = await fs.promises.stat(filePath).catch(() => null)
      if (!stat?.isFile() || now - stat.mtimeMs < ABANDONED_PART_FILE_MS) continue
      await fs.promises.rm(filePath, { force: true })
      removed += 1
    }
  }
  return removed
}

export function mediaFilePath(mediaDir: string, storageKey: string): string {
  const resolved = path.resolve(mediaDir, storageKey)
  if (!resolved.startsWith(path.resolve(mediaDir) + path.sep)) {
    throw new Error(`storage key escapes the media directory: ${storageKey}`)
  }
  return resolved
}

export async function removeStoredFile(mediaDir: string, storageKey: string): Promise<void> {
  await fs.promises.rm(mediaFilePath(mediaDir, storageKey), { force: true })
}

/**
 * Sends a stored file with single-range support (audio players seek with Range requests, and
 * the service worker caches the full 200 answer to serve ranges offline). Media never changes
 * under its uuid, so it may be cached privately for a long time.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  mediaDir: string,
  file: { storageKey: string; mimeType: string; originalName?: string },
  { download = false }: { download?: boolean } = {},
) {
  const filePath = mediaFilePath(mediaDir, file.storageKey)
  const stat = await fs.promises.stat(filePath).catch(() => null)
  if (!stat) throw new HttpError(404, 'not_found', msg`The media file is missing from storage.`)
  reply.header('Content-Type', file.mimeType)
  reply.header('Accept-Ranges', 'bytes')
  reply.header('Cache-Control', 'private, max-age=31536000, immutable')
  if (download) {
    const name = file.originalName || path.basename(file.storageKey)
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
  }
  const range = parseRange(request.headers.range, stat.size)
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${stat.size}`)
    throw new HttpError(416, 'validation_error', msg`The requested range is outside the file.`)
  }
  if (range) {
    reply.status(206)
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
    reply.header('Content-Length', String(range.end - range.start + 1))
    return reply.send(fs.createReadStream(filePath, range))
  }
  reply.header('Content-Length', String(stat.size))
  return reply.send(fs.createReadStream(filePath))
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; multiple ranges are answered with the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/)
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  let start: number
  let end: number
  if (first === '') {
    start = Math.max(0, size - Number(last))
    end = size - 1
  } else {
    start = Number(first)
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  }
  if (start > end || start >= size) return 'unsatisfiable'
  return { start, end }
}
