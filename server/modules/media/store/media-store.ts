import type { Readable } from 'node:stream'

/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number }

export type StoredObjectInfo = {
  key: string
  size: number
  lastModified: Date
  /** A quoted strong validator that changes whenever the object's bytes do. */
  etag: string
}

/**
 * Where every stored file lives (uploads, media, protocol PDFs, exports, master files): the local
 * media folder or an S3-compatible bucket. Keys are relative slash-separated names such as
 * `ab/<uuid>.wav`; no caller knows a file path.
 *
 * `put` is all-or-nothing: a failed or killed write never leaves an object under the real key
 * (the local folder writes a temporary file and renames it, S3 completes a multipart upload only
 * at the end and aborts it on failure), and `sweep` removes what a killed process left behind.
 */
export interface MediaStore {
  /** 'local' or 's3', and where, for logs and the start-up line. */
  readonly description: string
  put(key: string, source: Readable, options?: { contentType?: string }): Promise<void>
  /** The object's bytes, or a range of them; refuses a missing key with MediaObjectMissing. */
  get(key: string, range?: ByteRange): Promise<Readable>
  head(key: string): Promise<StoredObjectInfo | null>
  /** Removing a missing key is not an error: removals are retried after crashes. */
  delete(key: string): Promise<void>
  list(prefix: string): AsyncIterable<StoredObjectInfo>
  copy(fromKey: string, toKey: string): Promise<void>
  /**
   * Runs `use` on a file holding the object, for readers that need random access (ZIP
   * directories, spreadsheets): the local store's own file, or a temporary download removed
   * afterwards.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>
  /**
   * Removes what killed writes left (temporary files no write has touched for
   * ABANDONED_WRITE_MS, multipart uploads started ABANDONED_MULTIPART_UPLOAD_MS ago); safe while
   * other processes write and sweep. Answers how many went.
   */
  sweep(now?: number): Promise<number>
  /** Fails when the store cannot be reached or written, with one line saying why. */
  check(): Promise<void>
  /** Lets go of connections; the store is not used afterwards. */
  close(): void
}

export class MediaObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored object under ${key}`)
  }
}

export class InvalidMediaKey extends Error {}

/** Keys are relative names of safe segments: nothing can climb out of the folder or the prefix. */
export function assertMediaKey(key: string): void {
  const segments = key.split('/')
  if (
    key.length === 0 ||
    key.length > 900 ||
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new InvalidMediaKey(`storage key escapes the media store: ${key}`)
  }
}

/** How long a temporary file may sit untouched before the sweep takes it: live writes touch it. */
export const ABANDONED_WRITE_MS = 5 * 60 * 1000

/**
 * How long after its start an incomplete multipart upload is taken for abandoned. Its start is
 * all S3 tells of it, and a live upload or export of a large file may run for hours.
 */
export const ABANDONED_MULTIPART_UPLOAD_MS = 24 * 60 * 60 * 1000
