import { count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mediaObjects, users, vspMasterFiles, vspRecords } from '../../db/schema'
import { author } from './picker-queries'

/**
 * The users a master file names, by username or e-mail (both without case). An e-mail shared by
 * several accounts names none of them: the file must use the username then.
 */
export async function usersByLogin(db: Db, logins: string[]) {
  if (logins.length === 0) return []
  const lowered = [...new Set(logins.map((login) => login.toLowerCase()))]
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        inArray(sql`lower(${users.username})`, lowered),
        inArray(sql`lower(${users.email})`, lowered),
      ),
    )
}

export async function insertMasterFile(db: Db, row: typeof vspMasterFiles.$inferInsert) {
  const [inserted] = await db
    .insert(vspMasterFiles)
    .values(row)
    .returning({ id: vspMasterFiles.id })
  return inserted!.id
}

export async function insertMasterFileMedia(db: Db, row: typeof mediaObjects.$inferInsert) {
  const [inserted] = await db.insert(mediaObjects).values(row).returning({ id: mediaObjects.id })
  return inserted!.id
}

export async function settleMasterFile(
  db: Db,
  id: number,
  outcome: Partial<typeof vspMasterFiles.$inferInsert>,
) {
  await db.update(vspMasterFiles).set(outcome).where(eq(vspMasterFiles.id, id))
}

export async function insertVspRecords(db: Db, rows: (typeof vspRecords.$inferInsert)[]) {
  const BATCH = 1000
  for (let at = 0; at < rows.length; at += BATCH) {
    await db.insert(vspRecords).values(rows.slice(at, at + BATCH))
  }
}

const masterFileColumns = {
  file: vspMasterFiles,
  fileName: mediaObjects.originalName,
  author: author.username,
}

const masterFileQuery = (db: Db) =>
  db
    .select(masterFileColumns)
    .from(vspMasterFiles)
    .innerJoin(mediaObjects, eq(mediaObjects.id, vspMasterFiles.fileId))
    .leftJoin(author, eq(author.id, vspMasterFiles.authorId))

export type MasterFileListRow = NonNullable<Awaited<ReturnType<typeof masterFileRow>>>

export async function masterFileRow(db: Db, id: number) {
  const [row] = await masterFileQuery(db).where(eq(vspMasterFiles.id, id))
  return row
}

export async function listMasterFiles(db: Db, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    masterFileQuery(db)
      .orderBy(desc(vspMasterFiles.createdAt), desc(vspMasterFiles.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ count: count() }).from(vspMasterFiles),
  ])
  return { count: total?.count ?? 0, rows }
}
