import path from 'node:path'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { csvLines } from '../../csv/writer'
import type { Db } from '../../db/client'
import { eraseUserApiTokens } from '../auth/api-tokens/queries'
import { financeExportCsv } from '../finance/exports'
import { discardFiles } from '../media/discarded-files'
import { readStoredBytes, storeStream } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import { worktimeExportFile } from '../timelogs/export-job'
import {
  deleteLoginFailures,
  deleteOwnIdempotencyKeys,
  deleteRegistrationKeys,
  deleteResetKeys,
  financeExportFilesOf,
  masterFileRecordsOf,
  masterFilesToCheck,
  replaceStoredFile,
  setFinanceExportFile,
  setMasterFileMessages,
  setMasterFileRecord,
  setStoredAnswer,
  setWorktimeExportFile,
  storedAnswersHolding,
  worktimeExportFilesOf,
} from './erasure-queries'
import {
  identifiersOf,
  isLoginOf,
  loginsOf,
  type Person,
  replaceLogins,
  scrubCell,
  scrubJson,
} from './person-text'

/**
 * Where a person's data is kept besides their account row, and what anonymizing them does to
 * each (the README's list under the coordinator's workspace follows this):
 *
 * - sessions (browser, address, single-sign-on ID token): deleted with the account's sign-out;
 * - personal API tokens: revoked, their names and last-used addresses emptied;
 * - failed sign-ins counted under their username or e-mail: deleted;
 * - password-reset keys of the account or its e-mail, and registration keys limited to the
 *   e-mail: deleted (their lists show the e-mail);
 * - stored answers of retried writes: the person's own deleted; in others', a user object with
 *   their id loses names and e-mail, and their login under a user key or their e-mail anywhere
 *   becomes the anonymous username (person-text.ts);
 * - master-file rows and messages: logins become the anonymous username, names in the
 *   person's rows are emptied; the stored files are rewritten the same way;
 * - work-time and finance export files: written again from their stored rows, which keep the
 *   person's id and figures and now read the anonymous username.
 *
 * Runs in the anonymization's transaction, after the account row is anonymized. Files are
 * written before it commits but referenced only by it; the replaced ones are listed in
 * discarded_files by it and removed after it commits (or by the purge job after a crash).
 * Each file it writes is added to `files.written` at once, for the caller to remove if the
 * transaction does not commit.
 */
export async function erasePersonalData(
  tx: Db,
  files: { media: MediaStore; written: string[] },
  person: Person,
) {
  const logins = loginsOf(person)
  await deleteLoginFailures(tx, logins)
  await eraseUserApiTokens(tx, person.userId)
  await deleteResetKeys(tx, person.userId, person.email)
  await deleteRegistrationKeys(tx, person.email)
  await deleteOwnIdempotencyKeys(tx, person.userId)
  for (const answer of await storedAnswersHolding(tx, identifiersOf(person))) {
    const scrubbed = scrubJson(answer.body, person)
    if (JSON.stringify(scrubbed) !== JSON.stringify(answer.body)) {
      await setStoredAnswer(tx, answer, scrubbed)
    }
  }
  const work = { ...files, discarded: [] as string[] }
  await eraseFromMasterFiles(tx, person, work)
  await rewriteExportFiles(tx, person, work)
  await discardFiles(tx, work.discarded)
}

type FileWork = { media: MediaStore; written: string[]; discarded: string[] }

async function storeReplacement(files: FileWork, oldKey: string, source: Readable) {
  const stored = await storeStream(files.media, source, path.extname(oldKey))
  files.written.push(stored.storageKey)
  files.discarded.push(oldKey)
  return stored
}

/**
 * A master file's bytes without the person: parsed as CSV, each row scrubbed (a row whose `user`
 * cell, or without that column any cell, is a login of theirs is theirs); text that is not CSV
 * loses their logins as text. Null when nothing in it names them.
 */
function scrubbedMasterFile(bytes: Buffer, person: Person): Buffer | null {
  let rows: string[][] | null = null
  try {
    rows = parse(bytes, { bom: true, relax_column_count: true }) as string[][]
  } catch {
    rows = null
  }
  if (rows) {
    const userColumn = (rows[0] ?? []).findIndex((name) => name.trim().toLowerCase() === 'user')
    const isPersons = (row: string[]) =>
      userColumn >= 0
        ? isLoginOf(row[userColumn] ?? '', person)
        : row.some((cell) => isLoginOf(cell, person))
    const scrubbed = rows.map((row) => row.map((cell) => scrubCell(cell, person, isPersons(row))))
    if (JSON.stringify(scrubbed) === JSON.stringify(rows)) return null
    return Buffer.from(csvLines(scrubbed))
  }
  // Bytes kept as they are (latin1 maps each byte to one character), the logins replaced.
  const text = bytes.toString('latin1')
  const replaced = replaceLogins(text, person)
  return replaced === text ? null : Buffer.from(replaced, 'latin1')
}

async function eraseFromMasterFiles(tx: Db, person: Person, files: FileWork) {
  const logins = loginsOf(person)
  const records = await masterFileRecordsOf(tx, person.userId, logins)
  for (const record of records) {
    const persons = record.userId === person.userId || isLoginOf(record.data.user ?? '', person)
    const data = Object.fromEntries(
      Object.entries(record.data).map(([key, value]) => [key, scrubCell(value, person, persons)]),
    )
    await setMasterFileRecord(tx, record.id, data)
  }
  const fileIds = [...new Set(records.map((record) => record.masterFileId))]
  for (const file of await masterFilesToCheck(tx, fileIds, logins)) {
    const messages = {
      warnings: file.messages.warnings.map((message) => replaceLogins(message, person)),
      errors: file.messages.errors.map((message) => replaceLogins(message, person)),
    }
    if (JSON.stringify(messages) !== JSON.stringify(file.messages)) {
      await setMasterFileMessages(tx, file.id, messages)
    }
    const bytes = await readStoredBytes(files.media, file.storageKey)
    const scrubbed = bytes && scrubbedMasterFile(bytes, person)
    if (!scrubbed) continue
    const stored = await storeReplacement(files, file.storageKey, Readable.from([scrubbed]))
    await replaceStoredFile(tx, file.fileId, stored)
  }
}

/** Export files name users; each with a row of the person is written again from its rows. */
async function rewriteExportFiles(tx: Db, person: Person, files: FileWork) {
  for (const row of await worktimeExportFilesOf(tx, person.userId)) {
    if (!row.filePath) continue
    const stored = await storeReplacement(
      files,
      row.filePath,
      Readable.from(worktimeExportFile(tx, row.id)),
    )
    await setWorktimeExportFile(tx, row.id, stored.storageKey)
  }
  for (const row of await financeExportFilesOf(tx, person.userId)) {
    if (!row.filePath) continue
    const stored = await storeReplacement(
      files,
      row.filePath,
      Readable.from(financeExportCsv(tx, row.id)),
    )
    await setFinanceExportFile(tx, row.id, stored.storageKey)
  }
}
