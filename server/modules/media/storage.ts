import { createHash, randomUUID } from 'node:crypto'
import { pipeline, type Readable, Transform } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { HttpError } from '../../http/errors'
import {
  type ByteRange,
  MediaObjectMissing,
  type MediaStore,
  type StoredObjectInfo,
} from './store/media-store'

/** What a stored file looks like before its media_objects row is written. */
export type StoredFile = {
  uuid: string
  storageKey: string
  sizeBytes: number
  sha256: string
}

/**
 * Files live under the media store at `<first two uuid chars>/<uuid><ext>`, so no folder of the
 * local store grows past a few thousand entries. The store writes all or nothing (see
 * MediaStore.put). `uuid` is given when the caller has already handed it out (an import writes it
 * into item data before storing the file).
 */
export async function storeStream(
  media: MediaStore,
  source: Readable,
  extension = '',
  uuid: string = randomUUID(),
): Promise<StoredFile> {
  const storageKey = `${uuid.slice(0, 2)}/${uuid}${extension.toLowerCase()}`
  const hash = createHash('sha256')
  let sizeBytes = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      sizeBytes += chunk.length
      done(null, chunk)
    },
  })
  // A failing source destroys the counting stream with its error, which fails the store's write;
  // a failing write destroys the source in turn, so nothing is left waiting to be read.
  pipeline(source, counted, () => {})
  try {
    await media.put(storageKey, counted)
  } catch (error) {
    counted.destroy()
    throw error
  }
  return { uuid, storageKey, sizeBytes, sha256: hash.digest('hex') }
}

/** A stored file's bytes (or the first `limit` of them) in memory: for small files only. */
export async function readStoredBytes(
  media: MediaStore,
  storageKey: string,
  limit?: number,
): Promise<Buffer | null> {
  const stored = await media.head(storageKey)
  if (!stored) return null
  if (stored.size === 0 || limit === 0) return Buffer.alloc(0)
  const end = limit === undefined ? stored.size - 1 : Math.min(limit, stored.size) - 1
  try {
    return Buffer.from(await buffer(await media.get(storageKey, { start: 0, end })))
  } catch (error) {
    if (error instanceof MediaObjectMissing) return null
    throw error
  }
}

export async function removeStoredFile(media: MediaStore, storageKey: string): Promise<void> {
  await media.delete(storageKey)
}

/**
 * Sends a stored file with single-range support (audio players seek with Range requests, and
 * the service worker caches the full 200 answer to serve ranges offline), validators and 304s.
 * Media never changes under its uuid, so it may be cached privately for a long time. The server
 * streams the object itself, after the caller's permission checks: the bucket is never public
 * and no browser is handed a bucket URL.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaStore,
  file: { storageKey: string; mimeType: string; originalName?: string },
  { download = false }: { download?: boolean } = {},
) {
  const stored = await media.head(file.storageKey)
  if (!stored) throw missingFile()
  reply.header('Content-Type', file.mimeType)
  reply.header('Accept-Ranges', 'bytes')
  reply.header('Cache-Control', 'private, max-age=31536000, immutable')
  reply.header('ETag', stored.etag)
  reply.header('Last-Modified', stored.lastModified.toUTCString())
  if (download) {
    const name = file.originalName || file.storageKey.slice(file.storageKey.lastIndexOf('/') + 1)
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
  }
  if (isNotModified(request, stored)) return reply.status(304).send()
  const range = isRangeCurrent(request, stored)
    ? parseRange(request.headers.range, stored.size)
    : null
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${stored.size}`)
    throw new HttpError(416, 'validation_error', msg`The requested range is outside the file.`)
  }
  if (range) {
    const body = await readStored(media, file.storageKey, range)
    reply.status(206)
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
    reply.header('Content-Length', String(range.end - range.start + 1))
    return reply.send(body)
  }
  const body = await readStored(media, file.storageKey)
  reply.header('Content-Length', String(stored.size))
  return reply.send(body)
}

function missingFile() {
  return new HttpError(404, 'not_found', msg`The media file is missing from storage.`)
}

/** Removed between head and get (a task deleted meanwhile) is answered as missing too. */
async function readStored(media: MediaStore, key: string, range?: ByteRange): Promise<Readable> {
  try {
    return await media.get(key, range)
  } catch (error) {
    if (error instanceof MediaObjectMissing) throw missingFile()
    throw error
  }
}

/** If-None-Match wins over If-Modified-Since, as RFC 9110 says. */
function isNotModified(request: FastifyRequest, stored: StoredObjectInfo): boolean {
  const noneMatch = request.headers['if-none-match']
  if (noneMatch !== undefined) {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === stored.etag)
  }
  const modifiedSince = request.headers['if-modified-since']
  if (modifiedSince === undefined) return false
  const since = Date.parse(modifiedSince)
  return !Number.isNaN(since) && Math.floor(stored.lastModified.getTime() / 1000) * 1000 <= since
}

/** A Range with an If-Range naming another version is answered with the whole file. */
function isRangeCurrent(request: FastifyRequest, stored: StoredObjectInfo): boolean {
  const ifRange = request.headers['if-range']
  if (typeof ifRange !== 'string') return true
  if (ifRange.startsWith('"')) return ifRange === stored.etag
  const since = Date.parse(ifRange)
  return !Number.isNaN(since) && Math.floor(stored.lastModified.getTime() / 1000) * 1000 <= since
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
