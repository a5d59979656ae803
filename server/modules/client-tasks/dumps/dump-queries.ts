import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { dumps, users } from '../../../db/schema'

const dumpSelection = { dump: dumps, author: { id: users.id, username: users.username } }

/** The latest dump of each task (the one GET dump_async answers), by task id. */
export async function latestDumps(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, DumpRow>()
  const rows = await db
    .selectDistinctOn([dumps.taskId], dumpSelection)
    .from(dumps)
    .leftJoin(users, eq(users.id, dumps.authorId))
    .where(inArray(dumps.taskId, taskIds))
    .orderBy(dumps.taskId, desc(dumps.createdAt), desc(dumps.id))
  return new Map(rows.map((row) => [row.dump.taskId, row]))
}
export type DumpRow = {
  dump: typeof dumps.$inferSelect
  author: { id: number; username: string } | null
}

export async function latestDump(db: Db, taskId: number): Promise<DumpRow | undefined> {
  return (await latestDumps(db, [taskId])).get(taskId)
}

export async function dumpRow(db: Db, id: number): Promise<DumpRow | undefined> {
  const [row] = await db
    .select(dumpSelection)
    .from(dumps)
    .leftJoin(users, eq(users.id, dumps.authorId))
    .where(eq(dumps.id, id))
  return row
}

export async function findDump(db: Db, id: number) {
  const [row] = await db.select().from(dumps).where(eq(dumps.id, id))
  return row
}

export async function hasProcessingDump(db: Db, taskId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dumps.id })
    .from(dumps)
    .where(and(eq(dumps.taskId, taskId), eq(dumps.status, 'PROCESSING')))
    .limit(1)
  return row !== undefined
}

export async function insertDump(db: Db, values: typeof dumps.$inferInsert): Promise<number> {
  const [row] = await db.insert(dumps).values(values).returning({ id: dumps.id })
  if (!row) throw new Error('dump insert returned nothing')
  return row.id
}

/**
 * Progress of a running export. False when the dump is gone or no longer PROCESSING (deleted
 * meanwhile), which tells the export to stop.
 */
export async function setDumpProgress(db: Db, id: number, progress: number): Promise<boolean> {
  const rows = await db
    .update(dumps)
    .set({ progress })
    .where(and(eq(dumps.id, id), eq(dumps.status, 'PROCESSING')))
    .returning({ id: dumps.id })
  return rows.length > 0
}

/** False when the dump was deleted while its file was written. */
export async function finishDump(db: Db, id: number, filePath: string): Promise<boolean> {
  const rows = await db
    .update(dumps)
    .set({ status: 'FINISHED', progress: 100, filePath, processedAt: sql`now()` })
    .where(and(eq(dumps.id, id), eq(dumps.status, 'PROCESSING')))
    .returning({ id: dumps.id })
  return rows.length > 0
}

/** False when the dump was deleted or settled meanwhile. */
export async function failDump(db: Db, id: number, error: string): Promise<boolean> {
  const rows = await db
    .update(dumps)
    .set({ status: 'FAILED', error, processedAt: sql`now()` })
    .where(and(eq(dumps.id, id), eq(dumps.status, 'PROCESSING')))
    .returning({ id: dumps.id })
  return rows.length > 0
}

export async function deleteDumpRow(db: Db, id: number): Promise<void> {
  await db.delete(dumps).where(eq(dumps.id, id))
}

export async function dumpFilePaths(db: Db, taskId: number): Promise<string[]> {
  const rows = await db
    .select({ filePath: dumps.filePath })
    .from(dumps)
    .where(and(eq(dumps.taskId, taskId), sql`${dumps.filePath} is not null`))
  return rows.flatMap((row) => (row.filePath ? [row.filePath] : []))
}
