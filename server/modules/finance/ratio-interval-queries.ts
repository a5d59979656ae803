import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { RatioIntervalListQuery } from '../../../contract/finance'
import type { Db } from '../../db/client'
import {
  endworkerGroupMembers,
  financeExportRows,
  financeExports,
  ratioIntervals,
  users,
} from '../../db/schema'
import { author, financeUserColumns } from './picker-queries'

/** Serialises changes to one user's intervals, so two requests cannot both pass the overlap check. */
export async function lockUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row !== undefined
}

export type RatioIntervalRow = typeof ratioIntervals.$inferSelect

/** A user's intervals overlapping [start, end); end null runs on for ever. */
export async function overlappingIntervals(
  db: Db,
  userId: number,
  start: Date,
  end: Date | null,
): Promise<RatioIntervalRow[]> {
  return db
    .select()
    .from(ratioIntervals)
    .where(
      and(
        eq(ratioIntervals.userId, userId),
        or(isNull(ratioIntervals.endAt), gt(ratioIntervals.endAt, start)),
        end ? lt(ratioIntervals.startAt, end) : undefined,
      ),
    )
    .orderBy(ratioIntervals.startAt)
}

export async function ratioIntervalRow(db: Db, id: number): Promise<RatioIntervalRow | undefined> {
  const [row] = await db.select().from(ratioIntervals).where(eq(ratioIntervals.id, id))
  return row
}

export async function insertRatioInterval(db: Db, row: typeof ratioIntervals.$inferInsert) {
  const [inserted] = await db
    .insert(ratioIntervals)
    .values(row)
    .returning({ id: ratioIntervals.id })
  return inserted!.id
}

export async function setRatioInterval(
  db: Db,
  id: number,
  change: Pick<RatioIntervalRow, 'ratio' | 'startAt' | 'endAt'>,
) {
  await db
    .update(ratioIntervals)
    .set({ ratio: change.ratio, startAt: change.startAt, endAt: change.endAt })
    .where(eq(ratioIntervals.id, id))
}

export async function deleteRatioInterval(db: Db, id: number) {
  await db.delete(ratioIntervals).where(eq(ratioIntervals.id, id))
}

function ratioFilters(query: Pick<RatioIntervalListQuery, 'user' | 'group' | 'date'>) {
  const conditions: SQL[] = []
  if (query.user !== undefined) conditions.push(eq(ratioIntervals.userId, query.user))
  if (query.group !== undefined) {
    conditions.push(
      inArray(
        ratioIntervals.userId,
        sql`(select ${endworkerGroupMembers.userId} from ${endworkerGroupMembers} where ${endworkerGroupMembers.groupId} = ${query.group})`,
      ),
    )
  }
  if (query.date !== undefined) {
    const day = new Date(`${query.date}T00:00:00Z`)
    conditions.push(lt(ratioIntervals.startAt, new Date(day.getTime() + 1)))
    conditions.push(or(isNull(ratioIntervals.endAt), gt(ratioIntervals.endAt, day))!)
  }
  return and(...conditions)
}

const ratioIntervalColumns = {
  interval: ratioIntervals,
  user: financeUserColumns,
  author: author.username,
}

export async function listRatioIntervals(db: Db, query: RatioIntervalListQuery) {
  const where = ratioFilters(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(ratioIntervalColumns)
      .from(ratioIntervals)
      .innerJoin(users, eq(users.id, ratioIntervals.userId))
      .leftJoin(author, eq(author.id, ratioIntervals.authorId))
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`), desc(ratioIntervals.startAt), ratioIntervals.id)
      .offset(query.offset)
      .limit(query.limit),
    db.select({ count: count() }).from(ratioIntervals).where(where),
  ])
  return { count: total?.count ?? 0, rows }
}

export async function ratioIntervalWithUser(db: Db, id: number) {
  const [row] = await db
    .select(ratioIntervalColumns)
    .from(ratioIntervals)
    .innerJoin(users, eq(users.id, ratioIntervals.userId))
    .leftJoin(author, eq(author.id, ratioIntervals.authorId))
    .where(eq(ratioIntervals.id, id))
  return row
}
export type RatioIntervalListRow = NonNullable<Awaited<ReturnType<typeof ratioIntervalWithUser>>>

/**
 * The first of a user's days from `fromDay` (to `untilDay`, excluded, when given) that a finished
 * export has figures for: changing the ratio there changes what was paid.
 */
export async function firstExportedDay(
  db: Db,
  userId: number,
  fromDay: string,
  untilDay: string | null,
) {
  const [row] = await db
    .select({ exportId: financeExportRows.exportId, day: financeExportRows.day })
    .from(financeExportRows)
    .innerJoin(financeExports, eq(financeExports.id, financeExportRows.exportId))
    .where(
      and(
        eq(financeExportRows.userId, userId),
        eq(financeExports.status, 'FINISHED'),
        gte(financeExportRows.day, fromDay),
        untilDay === null ? undefined : lt(financeExportRows.day, untilDay),
      ),
    )
    .orderBy(financeExportRows.day, desc(financeExportRows.exportId))
    .limit(1)
  return row
}
