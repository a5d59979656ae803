import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  ABANDONED_WRITE_MS,
  assertMediaKey,
  type ByteRange,
  InvalidMediaKey,
  MediaObjectMissing,
  type MediaStore,
  type StoredObjectInfo,
} from './media-store'

/** Temporary files end so; they are never answered by head, get or list. */
const PART_SUFFIX = '.part'

/** The media folder on local disk (the embedded default). */
export class LocalMediaStore implements MediaStore {
  readonly description: string
  private readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
    this.description = `local folder ${this.root}`
  }

  private filePath(key: string): string {
    assertMediaKey(key)
    if (key.endsWith(PART_SUFFIX))
      throw new InvalidMediaKey(`storage key names a temporary file: ${key}`)
    return path.join(this.root, key)
  }

  async put(key: string, source: Readable): Promise<void> {
    const target = this.filePath(key)
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
    // A name of its own per write: two processes sharing the folder never write one file.
    const temporary = `${target}.${randomUUID().slice(0, 8)}${PART_SUFFIX}`
    try {
      await pipeline(source, fs.createWriteStream(temporary))
      await fs.promises.rename(temporary, target)
    } catch (error) {
      await fs.promises.rm(temporary, { force: true })
      throw error
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const filePath = this.filePath(key)
    const stream = fs.createReadStream(filePath, range ?? {})
    // Opening fails asynchronously; answer a missing file as such before anyone reads.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve())
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new MediaObjectMissing(key) : error),
      )
    })
    return stream
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const stat = await fs.promises.stat(this.filePath(key)).catch(() => null)
    if (!stat?.isFile()) return null
    return infoOf(key, stat)
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.filePath(key), { force: true })
  }

  async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
    // Walk only the folder the prefix names, then keep the names that start with it.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : ''
    if (folder) assertMediaKey(folder)
    const start = path.join(this.root, folder)
    const entries = await fs.promises
      .readdir(start, { recursive: true, withFileTypes: true })
      .catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(PART_SUFFIX)) continue
      const key = path
        .relative(this.root, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/')
      if (!key.startsWith(prefix)) continue
      const stat = await fs.promises.stat(path.join(this.root, key)).catch(() => null)
      if (stat) yield infoOf(key, stat)
    }
  }

  /** A hard link where the disk allows (stored files never change in place), else a copy. */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const from = this.filePath(fromKey)
    const to = this.filePath(toKey)
    await fs.promises.mkdir(path.dirname(to), { recursive: true })
    const linked = await fs.promises.link(from, to).then(
      () => true,
      () => false,
    )
    if (!linked) await this.put(toKey, await this.get(fromKey))
  }

  async withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const filePath = this.filePath(key)
    if (!(await this.head(key))) throw new MediaObjectMissing(key)
    return use(filePath)
  }

  /**
   * A live write touches its file all the time, so an old `.part` file belongs to a write a crash
   * cut short, and another process sharing the folder never loses one it is writing.
   */
  async sweep(now = Date.now()): Promise<number> {
    const entries = await fs.promises
      .readdir(this.root, { recursive: true, withFileTypes: true })
      .catch(() => [])
    let removed = 0
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(PART_SUFFIX)) continue
      const filePath = path.join(entry.parentPath, entry.name)
      const stat = await fs.promises.stat(filePath).catch(() => null)
      if (!stat || now - stat.mtimeMs < ABANDONED_WRITE_MS) continue
      await fs.promises.rm(filePath, { force: true })
      removed += 1
    }
    return removed
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true })
    await fs.promises.access(this.root, fs.constants.W_OK)
  }

  close(): void {}
}

function infoOf(key: string, stat: fs.Stats): StoredObjectInfo {
  return {
    key,
    size: stat.size,
    lastModified: stat.mtime,
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${stat.ino.toString(16)}"`,
  }
}

/** A temporary file in the OS temp folder, removed after `use` whatever happens. */
export async function withTemporaryFile<T>(
  name: string,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'crowdwork-media-'))
  try {
    return await use(path.join(folder, name))
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true })
  }
}
