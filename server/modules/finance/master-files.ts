import type { Readable } from 'node:stream'
import * as v from 'valibot'
import { msg } from '#lingui-message'
import {
  CalendarDateSchema,
  MASTER_FILE_COLUMNS,
  type MasterFile,
  RATIO_PERCENT_MAX,
} from '../../../contract/finance'
import type { Db } from '../../db/client'
import { fieldError, notFound } from '../../http/errors'
import { inEnglish } from '../../http/i18n'
import type { MediaStore } from '../media/store/media-store'
import type { ReceivedUpload } from '../media/upload'
import { storageProblem } from '../task-intake/item-rules'
import { readCsvRecords } from '../task-intake/records'
import { dayOf, dayStart, endAfter, lastDayBefore } from './days'
import {
  insertMasterFile,
  insertMasterFileMedia,
  insertVspRecords,
  listMasterFiles,
  type MasterFileListRow,
  masterFileRow,
  settleMasterFile,
  usersByLogin,
} from './master-file-queries'
import {
  firstExportedDay,
  insertRatioInterval,
  lockUser,
  overlappingIntervals,
  setRatioInterval,
} from './ratio-interval-queries'
import { exportedMessage, overlapMessage, placeNewInterval } from './ratio-intervals'

export function toMasterFile(row: MasterFileListRow): MasterFile {
  return {
    id: row.file.id,
    file_name: row.fileName,
    status: row.file.status,
    loaded_records: row.file.loadedRecords,
    loaded_intervals: row.file.loadedIntervals,
    warnings_count: row.file.warningsCount,
    errors_count: row.file.errorsCount,
    warnings: row.file.messages.warnings,
    errors: row.file.messages.errors,
    author: row.author,
    created_timestamp: row.file.createdAt.toISOString(),
  }
}

export async function masterFiles(db: Db, page: { offset: number; limit: number }) {
  const { count, rows } = await listMasterFiles(db, page)
  return { count, results: rows.map(toMasterFile) }
}

/** One data row of the file, read and checked on its own. */
type FileRow = {
  line: number
  data: Record<string, string>
  login: string
  ratio: number
  from: string
  to: string | null
}

const RatioCellSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, `must be a whole percentage from 0 to ${RATIO_PERCENT_MAX}`),
  v.transform(Number),
  v.maxValue(RATIO_PERCENT_MAX, `must be at most ${RATIO_PERCENT_MAX}`),
)

class Messages {
  readonly warnings: string[] = []
  readonly errors: string[] = []
  warn(line: number, text: string) {
    this.warnings.push(`Line ${line}: ${text}`)
  }
  fail(line: number, text: string) {
    this.errors.push(`Line ${line}: ${text}`)
  }
}

const cellProblem = (schema: v.GenericSchema<string, unknown>, value: string) => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? null : parsed.issues[0].message
}

/** Reads the file's rows, checking each as far as it can be without the database. */
async function readRows(source: Readable, messages: Messages): Promise<FileRow[]> {
  const rows: FileRow[] = []
  let header: string[] | null = null
  for await (const batch of readCsvRecords(source)) {
    for (const record of batch) {
      if ('header' in record) {
        header = record.header.map((name) => name.toLowerCase())
        const missing = MASTER_FILE_COLUMNS.filter((column) => !header?.includes(column))
        if (missing.length > 0) {
          messages.fail(
            1,
            `the header lacks the column(s) ${missing.join(', ')}; a master file starts with the header ${MASTER_FILE_COLUMNS.join(',')}.`,
          )
          return rows
        }
        for (const extra of header.filter(
          (name) => !(MASTER_FILE_COLUMNS as readonly string[]).includes(name),
        )) {
          messages.warn(1, `the column '${extra}' is not read.`)
        }
        continue
      }
      if ('problem' in record) {
        messages.fail(record.at, inEnglish(record.problem))
        if (record.fatal) return rows
        continue
      }
      const data = Object.fromEntries(
        Object.entries(record.fields).map(([name, value]) => [
          name.toLowerCase(),
          String(value).trim(),
        ]),
      )
      const row = checkRow(record.at, data, messages)
      if (row) rows.push(row)
    }
  }
  if (!header) messages.fail(1, 'the file is empty; it must start with a header row.')
  else if (rows.length === 0 && messages.errors.length === 0) {
    messages.fail(2, 'the file has no rows under its header.')
  }
  return rows
}

function checkRow(line: number, data: Record<string, string>, messages: Messages) {
  const stored = storageProblem(data)
  if (stored) {
    messages.fail(line, inEnglish(stored))
    return null
  }
  const problems: string[] = []
  const login = data.user ?? ''
  if (login === '') problems.push('user: name a user by username or e-mail')
  const ratioProblem = cellProblem(RatioCellSchema, data.ratio ?? '')
  if (ratioProblem) problems.push(`ratio '${data.ratio ?? ''}' ${ratioProblem}`)
  const fromProblem = cellProblem(CalendarDateSchema, data.valid_from ?? '')
  if (fromProblem) problems.push(`valid_from '${data.valid_from ?? ''}' ${fromProblem}`)
  const to = data.valid_to ? data.valid_to : null
  const toProblem = to === null ? null : cellProblem(CalendarDateSchema, to)
  if (toProblem) problems.push(`valid_to '${to}' ${toProblem}`)
  const from = data.valid_from ?? ''
  if (!fromProblem && !toProblem && to !== null && to < from) {
    problems.push(`valid_to ${to} is before valid_from ${from}`)
  }
  if (problems.length > 0) {
    messages.fail(line, `${problems.join('; ')}.`)
    return null
  }
  return { line, data, login, ratio: Number(data.ratio), from, to }
}

/**
 * The user each row names: a username first, else an e-mail held by exactly one account.
 */
async function resolveUsers(db: Db, rows: FileRow[], messages: Messages) {
  const accounts = await usersByLogin(
    db,
    rows.map((row) => row.login),
  )
  const resolved = new Map<FileRow, number>()
  for (const row of rows) {
    const login = row.login.toLowerCase()
    const byUsername = accounts.find((account) => account.username.toLowerCase() === login)
    const byEmail = accounts.filter((account) => account.email.toLowerCase() === login)
    if (byUsername) resolved.set(row, byUsername.id)
    else if (byEmail.length === 1) resolved.set(row, byEmail[0]!.id)
    else if (byEmail.length > 1) {
      messages.fail(
        row.line,
        `the e-mail '${row.login}' belongs to ${byEmail.length} accounts; name the user by username.`,
      )
    } else messages.fail(row.line, `there is no user '${row.login}'.`)
  }
  return resolved
}

/** Undoes the intervals of a file with errors, keeping the rest of the transaction. */
class FileHasErrors extends Error {}

/**
 * Places the file's intervals by the rules of hand-made ones, in order of their start per user:
 * an open interval a row starts inside of is closed; any other overlap, with the database or an
 * earlier row of the file, is an error. A row equal to an interval that exists is skipped.
 */
async function placeIntervals(
  db: Db,
  userOf: Map<FileRow, number>,
  context: { masterFileId: number; authorId: number },
  messages: Messages,
): Promise<number> {
  const lineOfInterval = new Map<number, number>()
  let loaded = 0
  const ordered = [...userOf.keys()].sort(
    (a, b) => userOf.get(a)! - userOf.get(b)! || a.from.localeCompare(b.from) || a.line - b.line,
  )
  for (const userId of [...new Set(userOf.values())].sort((a, b) => a - b)) {
    await lockUser(db, userId)
  }
  for (const row of ordered) {
    const userId = userOf.get(row)!
    const start = dayStart(row.from)
    const end = endAfter(row.to)
    const same = (await overlappingIntervals(db, userId, start, end)).find(
      (interval) =>
        interval.ratio === row.ratio &&
        dayOf(interval.startAt) === row.from &&
        lastDayBefore(interval.endAt) === row.to,
    )
    if (same) {
      const from = lineOfInterval.get(same.id)
      messages.warn(
        row.line,
        from === undefined
          ? 'the same interval is already loaded; the row is skipped.'
          : `repeats line ${from}; the row is skipped.`,
      )
      continue
    }
    const { toClose, clash } = await placeNewInterval(db, { userId, start, end })
    if (clash) {
      const from = lineOfInterval.get(clash.id)
      messages.fail(
        row.line,
        from === undefined
          ? `${row.login}: ${inEnglish(overlapMessage(clash))}`
          : `${row.login}: overlaps the interval of line ${from}.`,
      )
      continue
    }
    if (toClose) {
      await setRatioInterval(db, toClose.id, { ...toClose, endAt: start })
      const from = lineOfInterval.get(toClose.id)
      if (from === undefined) {
        messages.warn(
          row.line,
          `${row.login}'s open interval from ${dayOf(toClose.startAt)} (ratio ${toClose.ratio}%) now ends on ${lastDayBefore(start)}.`,
        )
      }
    }
    // Closing an open interval takes its ratio from every day after the new start.
    const until = toClose || !end ? null : dayOf(end)
    const exported = await firstExportedDay(db, userId, row.from, until)
    if (exported) messages.warn(row.line, `${row.login}: ${inEnglish(exportedMessage(exported))}`)
    const id = await insertRatioInterval(db, {
      userId,
      ratio: row.ratio,
      startAt: start,
      endAt: end,
      masterFileId: context.masterFileId,
      authorId: context.authorId,
    })
    lineOfInterval.set(id, row.line)
    loaded += 1
  }
  return loaded
}

export type MasterFileDeps = { db: Db; media: MediaStore }

/**
 * Loads an uploaded master file in one transaction: the file is kept and listed whatever it
 * holds, and its rows and intervals are loaded only when no line has an error.
 */
export async function loadMasterFile(
  deps: MasterFileDeps,
  authorId: number,
  upload: ReceivedUpload,
): Promise<MasterFile> {
  const { file } = upload
  if (!file) throw fieldError('file', msg`Choose a CSV master file to upload.`)
  const messages = new Messages()
  const rows = await readRows(await deps.media.get(file.storageKey), messages)
  const id = await deps.db.transaction(async (tx) => {
    const userOf = await resolveUsers(tx, rows, messages)
    const fileId = await insertMasterFileMedia(tx, {
      storageKey: file.storageKey,
      originalName: file.fileName,
      mimeType: 'text/csv',
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      creatorId: authorId,
    })
    const masterFileId = await insertMasterFile(tx, { fileId, authorId })
    let loaded = { records: 0, intervals: 0 }
    try {
      loaded = await tx.transaction(async (savepoint) => {
        const intervals = await placeIntervals(
          savepoint,
          userOf,
          { masterFileId, authorId },
          messages,
        )
        if (messages.errors.length > 0) throw new FileHasErrors()
        await insertVspRecords(
          savepoint,
          rows.map((row) => ({
            masterFileId,
            rowNumber: row.line,
            userId: userOf.get(row) ?? null,
            data: row.data,
          })),
        )
        return { records: rows.length, intervals }
      })
    } catch (error) {
      if (!(error instanceof FileHasErrors)) throw error
    }
    await settleMasterFile(tx, masterFileId, {
      status: messages.errors.length > 0 ? 'FAILED' : 'FINISHED',
      loadedRecords: loaded.records,
      loadedIntervals: loaded.intervals,
      warningsCount: messages.warnings.length,
      errorsCount: messages.errors.length,
      messages: { warnings: messages.warnings, errors: messages.errors },
      processedAt: new Date(),
    })
    return masterFileId
  })
  const row = await masterFileRow(deps.db, id)
  if (!row) throw notFound(msg`The master file was deleted meanwhile.`)
  return toMasterFile(row)
}
