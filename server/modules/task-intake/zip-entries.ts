import { type Readable, Transform } from 'node:stream'
import yauzl from 'yauzl'
import { msg } from '#lingui-message'
import { withValues } from '../../http/i18n'
import { FileProblems } from './file-problems'

/** The entries of an uploaded ZIP: which are refused, and how much they may inflate to. */

/**
 * How many bytes the entries taken from a ZIP may inflate to, each and all together, and how many
 * entries the ZIP may hold.
 */
export type ZipLimits = { entryBytes: number; totalBytes: number; maxEntries: number }

const S_IFMT = 0o170000
const S_IFLNK = 0o120000
/** The "made by" host MS-DOS keeps no Unix mode in the external attributes. */
const MS_DOS_HOST = 0

/** A symbolic link, as Unix and macOS archivers store one: its mode in the high attribute bits. */
const isSymlink = (entry: yauzl.Entry) =>
  entry.versionMadeBy >> 8 !== MS_DOS_HOST &&
  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK

/**
 * The entry's name, refused when it could not be a plain file inside the archive: an absolute
 * path, a `..` step, a symbolic link, or a character no file name (nor the database) holds.
 */
export function checkedEntryName(entry: yauzl.Entry): string {
  const name = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    false,
  )
  if (name.includes('\u0000')) {
    throw new FileProblems([
      withValues(msg({ message: "A ZIP entry name holds a NUL character: ''{name}''." }), {
        name: name.replaceAll('\u0000', '\\0'),
      }),
    ])
  }
  if (yauzl.validateFileName(name) !== null) {
    throw new FileProblems([
      withValues(
        msg({
          message:
            "The ZIP entry ''{name}'' has a path that leaves the archive (an absolute path or a .. step); such entries are refused.",
        }),
        { name },
      ),
    ])
  }
  if (isSymlink(entry)) {
    throw new FileProblems([
      withValues(
        msg({
          message:
            "The ZIP entry ''{name}'' is a symbolic link; links are refused, put the file itself in the ZIP.",
        }),
        { name },
      ),
    ])
  }
  return name
}

/**
 * Refuses a ZIP whose end record declares more entries than the limit, before its directory is
 * read: each entry read is kept in memory until the upload is imported. An archive cannot hold
 * more entries than it declares (the reader stops there), so the declared count bounds them.
 */
export function checkEntryCount(fileName: string, declared: number, limits: ZipLimits) {
  if (declared <= limits.maxEntries) return
  throw new FileProblems(
    [
      withValues(
        msg({
          message:
            "The ZIP archive ''{fileName}'' holds {declared, number} entries, more than the limit of {limit, number} entries per archive.",
        }),
        { fileName, declared, limit: limits.maxEntries },
      ),
    ],
    true,
  )
}

const mebibytes = (bytes: number) => Math.floor(bytes / 1024 ** 2)

/** Counts what a ZIP source inflates: each entry, and all entries together. */
export class InflateBudget {
  private used = 0

  constructor(private readonly limits: ZipLimits) {}

  /** Refuses entries whose declared sizes already break a limit, before inflating any. */
  checkDeclared(entries: { name: string; entry: yauzl.Entry }[]) {
    let total = this.used
    for (const { name, entry } of entries) {
      this.checkEntry(name, entry.uncompressedSize)
      total += entry.uncompressedSize
      this.checkTotal(name, total)
    }
  }

  /**
   * The entry's bytes, counted as they are inflated: past a limit, or past the size its header
   * declares (which would make it a lie), the stream fails and inflating stops.
   */
  count(stream: Readable, name: string, declared: number): Readable {
    let bytes = 0
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        bytes += chunk.length
        this.used += chunk.length
        try {
          this.checkEntry(name, bytes)
          this.checkTotal(name, this.used)
          if (bytes > declared) {
            throw new FileProblems(
              [
                withValues(
                  msg({
                    message:
                      "The ZIP entry ''{name}'' inflates to more than the {declared, number} bytes its header declares; the archive is damaged or forged.",
                  }),
                  { name, declared },
                ),
              ],
              true,
            )
          }
        } catch (error) {
          done(error as Error)
          return
        }
        done(null, chunk)
      },
      flush: (done) => {
        done(
          bytes < declared
            ? new FileProblems([
                withValues(
                  msg({
                    message:
                      "The ZIP entry ''{name}'' holds fewer bytes than its header declares; the archive is damaged.",
                  }),
                  { name },
                ),
              ])
            : null,
        )
      },
    })
    stream.on('error', (error) =>
      counted.destroy(
        new FileProblems([
          withValues(msg({ message: "The ZIP entry ''{name}'' cannot be read: {reason}." }), {
            name,
            reason: error.message,
          }),
        ]),
      ),
    )
    counted.on('close', () => stream.destroy())
    return stream.pipe(counted)
  }

  private checkEntry(name: string, bytes: number) {
    if (bytes > this.limits.entryBytes) {
      throw new FileProblems(
        [
          withValues(
            msg({
              message:
                "The ZIP entry ''{name}'' inflates to more than the limit of {limit, number} MiB per file.",
            }),
            { name, limit: mebibytes(this.limits.entryBytes) },
          ),
        ],
        true,
      )
    }
  }

  private checkTotal(name: string, bytes: number) {
    if (bytes > this.limits.totalBytes) {
      throw new FileProblems(
        [
          withValues(
            msg({
              message:
                "The files taken from the ZIP inflate to more than the limit of {limit, number} MiB per upload (at the entry ''{name}'').",
            }),
            { name, limit: mebibytes(this.limits.totalBytes) },
          ),
        ],
        true,
      )
    }
  }
}
