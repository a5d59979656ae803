import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { msg } from '#lingui-message'
import { TASK_UPLOAD_EXTENSIONS } from '../../../contract/task-intake'
import { type ApiMessage, withValues } from '../../http/i18n'
import { FileProblems } from './file-problems'
import {
  type CheckedItem,
  checkItem,
  type ItemRules,
  keyProblems,
  type MediaKind,
  type MediaPath,
} from './item-rules'
import { type RecordUnit, readCsvRecords, readJsonRecords, type SourceRecord } from './records'
import { checkEntryCount, checkedEntryName, InflateBudget, type ZipLimits } from './zip-entries'

type DataFormat = 'csv' | 'json'

/** An uploaded file opened for one pass over its items. */
export type DataSource = {
  records: () => AsyncGenerator<SourceRecord[]>
  /**
   * Checks a media path against the ZIP and replaces it with the entry's name; answers the
   * problem, or null. Paths are relative to the data file's folder; a leading / starts at the
   * root of the ZIP.
   */
  resolveMedia: (media: MediaPath) => ApiMessage | null
  /** The bytes of a ZIP entry named by a resolved media path. */
  openMedia: (entryName: string) => Promise<Readable>
  /**
   * Inflates the named entries without keeping them, counting their bytes against the limits,
   * so an archive that lies about its sizes is refused before anything is made of it.
   */
  checkMedia: (entryNames: Iterable<string>) => Promise<void>
  close: () => void
}

/** Media files a ZIP may hold, by extension. */
export const MEDIA_TYPES: Record<string, { kind: MediaKind; mimeType: string }> = {
  '.wav': { kind: 'audio', mimeType: 'audio/wav' },
  '.mp3': { kind: 'audio', mimeType: 'audio/mpeg' },
  '.ogg': { kind: 'audio', mimeType: 'audio/ogg' },
  '.oga': { kind: 'audio', mimeType: 'audio/ogg' },
  '.opus': { kind: 'audio', mimeType: 'audio/ogg' },
  '.flac': { kind: 'audio', mimeType: 'audio/flac' },
  '.m4a': { kind: 'audio', mimeType: 'audio/mp4' },
  '.aac': { kind: 'audio', mimeType: 'audio/aac' },
  '.webm': { kind: 'audio', mimeType: 'audio/webm' },
  '.png': { kind: 'image', mimeType: 'image/png' },
  '.jpg': { kind: 'image', mimeType: 'image/jpeg' },
  '.jpeg': { kind: 'image', mimeType: 'image/jpeg' },
  '.gif': { kind: 'image', mimeType: 'image/gif' },
  '.webp': { kind: 'image', mimeType: 'image/webp' },
  '.avif': { kind: 'image', mimeType: 'image/avif' },
  '.bmp': { kind: 'image', mimeType: 'image/bmp' },
}

const DATA_EXTENSIONS: Record<string, DataFormat> = {
  '.csv': 'csv',
  '.json': 'json',
  '.jsonl': 'json',
  '.ndjson': 'json',
}

const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1')
const EMPTY_ZIP_SIGNATURE = Buffer.from('PK\x05\x06', 'latin1')

const unsupported = () =>
  new FileProblems([
    withValues(
      msg({
        message:
          'Unsupported file format: send one of {extensions} (JSON Lines, CSV, a JSON array, or a ZIP holding one of those with its media files).',
      }),
      { extensions: TASK_UPLOAD_EXTENSIONS.join(', ') },
    ),
  ])

/** The format by extension, then by the first bytes (a ZIP is known by its signature). */
async function detectFormat(filePath: string, fileName: string): Promise<DataFormat | 'zip'> {
  const head = Buffer.alloc(512)
  const handle = await fs.promises.open(filePath, 'r')
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close())
  const bytes = head.subarray(0, bytesRead)
  const extension = path.extname(fileName).toLowerCase()
  const isZip = bytes.subarray(0, 4).equals(ZIP_SIGNATURE) || bytes.equals(EMPTY_ZIP_SIGNATURE)
  if (extension === '.zip' || isZip) {
    if (!isZip) throw new FileProblems([msg`The file is not a valid ZIP archive.`])
    return 'zip'
  }
  const byExtension = DATA_EXTENSIONS[extension]
  if (byExtension) return byExtension
  const first = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0]
  if (first === '[' || first === '{') return 'json'
  throw unsupported()
}

const readerOf = (format: DataFormat) => (format === 'csv' ? readCsvRecords : readJsonRecords)

export async function openDataSource(
  filePath: string,
  fileName: string,
  limits: ZipLimits,
): Promise<DataSource> {
  const format = await detectFormat(filePath, fileName)
  if (format === 'zip') return openZipSource(filePath, fileName, limits)
  return {
    records: () => readerOf(format)(fs.createReadStream(filePath)),
    resolveMedia: (media) =>
      withValues(
        msg({
          message:
            "field ''{field}'' must be the uuid of a media file: file paths work only inside a ZIP.",
        }),
        { field: media.field },
      ),
    openMedia: () => Promise.reject(new Error('media files come only from a ZIP')),
    checkMedia: async () => {},
    close: () => {},
  }
}

const unreadableZip = (error: Error) =>
  withValues(msg({ message: 'The ZIP archive cannot be read: {reason}.' }), {
    reason: error.message,
  })

/** macOS archivers add resource forks and folder metadata that are nobody's data. */
const isJunk = (name: string) =>
  name.startsWith('__MACOSX/') || /(^|\/)(\._[^/]*|\.DS_Store)$/.test(name)

async function openZipSource(
  filePath: string,
  fileName: string,
  limits: ZipLimits,
): Promise<DataSource> {
  let zip: yauzl.ZipFile
  const files = new Map<string, yauzl.Entry>()
  const dataEntries: { name: string; entry: yauzl.Entry }[] = []
  try {
    // Names are decoded and checked here, to name a refused entry; sizes are counted here too.
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    })
  } catch (error) {
    throw new FileProblems([unreadableZip(error as Error)])
  }
  try {
    checkEntryCount(fileName, zip.entryCount, limits)
    for await (const entry of zip.eachEntry()) {
      const name = checkedEntryName(entry)
      if (name.endsWith('/') || isJunk(name)) continue
      if (entry.isEncrypted()) {
        throw new FileProblems([
          withValues(msg({ message: "The ZIP entry ''{name}'' is encrypted." }), { name }),
        ])
      }
      if (DATA_EXTENSIONS[path.posix.extname(name).toLowerCase()]) {
        dataEntries.push({ name, entry })
      } else {
        files.set(path.posix.normalize(name), entry)
      }
    }
  } catch (error) {
    zip.close()
    if (error instanceof FileProblems) throw error
    throw new FileProblems([unreadableZip(error as Error)])
  }
  const [data, ...others] = dataEntries
  if (!data || others.length > 0) {
    zip.close()
    const found = dataEntries.map(({ name }) => `'${name}'`).join(', ')
    throw new FileProblems([
      data
        ? withValues(
            msg({ message: 'The ZIP must hold exactly one data file; it holds {count}: {found}.' }),
            { count: dataEntries.length, found },
          )
        : withValues(msg({ message: 'The ZIP holds no data file ({extensions}).' }), {
            extensions: Object.keys(DATA_EXTENSIONS).join(', '),
          }),
    ])
  }
  const budget = new InflateBudget(limits)
  const format = DATA_EXTENSIONS[path.posix.extname(data.name).toLowerCase()]!
  const folder = path.posix.dirname(data.name)
  const openEntry = async (name: string, entry: yauzl.Entry) =>
    budget.count(await zip.openReadStreamPromise(entry), name, entry.uncompressedSize)
  return {
    async *records() {
      budget.checkDeclared([data])
      yield* readerOf(format)(await openEntry(data.name, data.entry))
    },
    resolveMedia(media) {
      const given = media.path.replaceAll('\\', '/')
      const name = path.posix.normalize(
        given.startsWith('/') ? given.slice(1) : path.posix.join(folder, given),
      )
      const type = MEDIA_TYPES[path.posix.extname(name).toLowerCase()]
      if (name === '..' || name.startsWith('../') || !files.has(name)) {
        return withValues(
          msg({ message: "field ''{field}'': the file ''{path}'' is not in the ZIP." }),
          {
            field: media.field,
            path: media.path,
          },
        )
      }
      if (type?.kind !== media.kind) {
        const accepted = Object.entries(MEDIA_TYPES)
          .filter(([, accepted]) => accepted.kind === media.kind)
          .map(([extension]) => extension)
        const values = { field: media.field, path: media.path, accepted: accepted.join(', ') }
        return withValues(
          media.kind === 'audio'
            ? msg({ message: "field ''{field}'': ''{path}'' is not an audio file ({accepted})." })
            : msg({ message: "field ''{field}'': ''{path}'' is not an image file ({accepted})." }),
          values,
        )
      }
      media.path = name
      return null
    },
    async openMedia(entryName) {
      const stream = await openEntry(entryName, files.get(entryName)!)
      // The entry inflates before anyone reads it, so a broken entry can fail before the
      // consumer listens; the stream keeps the error for it, and this keeps it from crashing.
      stream.on('error', () => {})
      return stream
    },
    async checkMedia(entryNames) {
      const entries = [...entryNames].map((name) => ({ name, entry: files.get(name)! }))
      budget.checkDeclared(entries)
      for (const { name, entry } of entries) {
        for await (const _chunk of await openEntry(name, entry)) {
          // Only counted: the bytes are written when the task is imported.
        }
      }
    },
    close: () => zip.close(),
  }
}

/** One record of the data file, checked; `item` is null when it has problems. */
export type ItemEvent = {
  unit: RecordUnit
  at: number
  item: CheckedItem | null
  problems: ApiMessage[]
}

/**
 * The data file's items checked against the item rules, media paths resolved in the ZIP, a
 * chunk of the file at a time. Nothing follows a fatal event.
 */
export async function* checkedItems(
  source: DataSource,
  rules: ItemRules,
): AsyncGenerator<ItemEvent[]> {
  let keysChecked = false
  for await (const records of source.records()) {
    const events: ItemEvent[] = []
    for (const record of records) {
      const { unit, at } = record
      if ('header' in record) {
        keysChecked = true
        const problems = keyProblems(rules, record.header)
        if (problems.length > 0) events.push({ unit, at, item: null, problems })
      } else if ('problem' in record) {
        events.push({ unit, at, item: null, problems: [record.problem] })
      } else {
        const { item, problems } = checkItem(rules, record.fields, keysChecked)
        for (const media of item.paths) {
          const problem = source.resolveMedia(media)
          if (problem) problems.push(problem)
        }
        events.push({ unit, at, item: problems.length > 0 ? null : item, problems })
      }
    }
    if (events.length > 0) yield events
  }
}
