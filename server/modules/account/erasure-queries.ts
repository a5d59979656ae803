import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  financeExportCorrections,
  financeExportRows,
  financeExports,
  idempotencyKeys,
  loginFailures,
  mediaObjects,
  passwordResetKeys,
  registrationKeys,
  vspMasterFiles,
  vspRecords,
  worktimeExportRows,
  worktimeExports,
} from '../../db/schema'
import { accountSubject } from '../auth/queries'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Whether a column's text holds any of the values, in any case. */
export function holdsAny(column: SQL, values: string[]): SQL {
  if (values.length === 0) return sql`false`
  return (
    or(...values.map((value) => sql`${column} ilike ${`%${escapeLike(value)}%`}`)) ?? sql`false`
  )
}

/** Failed sign-ins counted under the person's username or e-mail. */
export async function deleteLoginFailures(db: Db, logins: string[]) {
  if (logins.length === 0) return
  await db.delete(loginFailures).where(inArray(loginFailures.subject, logins.map(accountSubject)))
}

/** Reset keys made for the account or its e-mail: their list shows the e-mail. */
export async function deleteResetKeys(db: Db, userId: number, email: string) {
  await db
    .delete(passwordResetKeys)
    .where(
      or(
        eq(passwordResetKeys.userId, userId),
        email === '' ? undefined : sql`lower(${passwordResetKeys.email}) = lower(${email})`,
      ),
    )
}

/** Registration keys limited to the e-mail: they were the person's invitation. */
export async function deleteRegistrationKeys(db: Db, email: string) {
  if (email === '') return
  await db.delete(registrationKeys).where(sql`lower(${registrationKeys.email}) = lower(${email})`)
}

/** The answers stored for the person's own retried writes; nobody can replay them any more. */
export async function deleteOwnIdempotencyKeys(db: Db, userId: number) {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))
}

/** Other users' stored answers whose text holds one of the values. */
export function storedAnswersHolding(db: Db, values: string[]) {
  return db
    .select({
      userId: idempotencyKeys.userId,
      key: idempotencyKeys.key,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(holdsAny(sql`${idempotencyKeys.body}::text`, values))
}

export async function setStoredAnswer(
  db: Db,
  answer: { userId: number; key: string },
  body: unknown,
) {
  await db
    .update(idempotencyKeys)
    .set({ body })
    .where(and(eq(idempotencyKeys.userId, answer.userId), eq(idempotencyKeys.key, answer.key)))
}

/** Master-file rows matched to the person, or whose cells hold one of their logins. */
export function masterFileRecordsOf(db: Db, userId: number, logins: string[]) {
  return db
    .select({
      id: vspRecords.id,
      masterFileId: vspRecords.masterFileId,
      userId: vspRecords.userId,
      data: vspRecords.data,
    })
    .from(vspRecords)
    .where(or(eq(vspRecords.userId, userId), holdsAny(sql`${vspRecords.data}::text`, logins)))
}

export async function setMasterFileRecord(db: Db, id: number, data: Record<string, string>) {
  await db.update(vspRecords).set({ data }).where(eq(vspRecords.id, id))
}

/**
 * Master files whose stored bytes may name the person: those with a row about them or naming
 * them, whose messages name them, and every failed one (its rows were not kept to tell).
 */
export function masterFilesToCheck(db: Db, recordFileIds: number[], logins: string[]) {
  return db
    .select({
      id: vspMasterFiles.id,
      messages: vspMasterFiles.messages,
      fileId: mediaObjects.id,
      storageKey: mediaObjects.storageKey,
    })
    .from(vspMasterFiles)
    .innerJoin(mediaObjects, eq(mediaObjects.id, vspMasterFiles.fileId))
    .where(
      or(
        recordFileIds.length > 0 ? inArray(vspMasterFiles.id, recordFileIds) : undefined,
        eq(vspMasterFiles.status, 'FAILED'),
        holdsAny(sql`${vspMasterFiles.messages}::text`, logins),
      ),
    )
}

export async function setMasterFileMessages(
  db: Db,
  id: number,
  messages: { warnings: string[]; errors: string[] },
) {
  await db.update(vspMasterFiles).set({ messages }).where(eq(vspMasterFiles.id, id))
}

/** Points a stored file's record at its rewritten bytes. */
export async function replaceStoredFile(
  db: Db,
  fileId: number,
  file: { storageKey: string; sizeBytes: number; sha256: string },
) {
  await db.update(mediaObjects).set(file).where(eq(mediaObjects.id, fileId))
}

/** Finished work-time exports with a row of the user, and their files. */
export function worktimeExportFilesOf(db: Db, userId: number) {
  return db
    .selectDistinct({ id: worktimeExports.id, filePath: worktimeExports.filePath })
    .from(worktimeExports)
    .innerJoin(worktimeExportRows, eq(worktimeExportRows.exportId, worktimeExports.id))
    .where(
      and(
        eq(worktimeExportRows.userId, userId),
        eq(worktimeExports.status, 'FINISHED'),
        isNotNull(worktimeExports.filePath),
      ),
    )
}

export async function setWorktimeExportFile(db: Db, id: number, filePath: string) {
  await db.update(worktimeExports).set({ filePath }).where(eq(worktimeExports.id, id))
}

/** Finished finance exports with a row or a correction of the user, and their files. */
export function financeExportFilesOf(db: Db, userId: number) {
  const withUser = (table: typeof financeExportRows | typeof financeExportCorrections) =>
    db.select({ id: table.exportId }).from(table).where(eq(table.userId, userId))
  return db
    .select({ id: financeExports.id, filePath: financeExports.filePath })
    .from(financeExports)
    .where(
      and(
        or(
          inArray(financeExports.id, withUser(financeExportRows)),
          inArray(financeExports.id, withUser(financeExportCorrections)),
        ),
        eq(financeExports.status, 'FINISHED'),
        isNotNull(financeExports.filePath),
      ),
    )
}

export async function setFinanceExportFile(db: Db, id: number, filePath: string) {
  await db.update(financeExports).set({ filePath }).where(eq(financeExports.id, id))
}
