import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginFailures, users } from '../../db/schema'

const loginColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
}

/**
 * The account a sign-in names: by username, else by e-mail (both case-insensitive). An e-mail
 * shared by several accounts names none of them; those users sign in with their username.
 */
export async function findUserForLogin(db: Db, identifier: string) {
  const lower = identifier.toLowerCase()
  const [byUsername] = await db
    .select(loginColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${lower}`)
    .limit(1)
  if (byUsername || !lower.includes('@')) return byUsername ?? null
  const byEmail = await db
    .select(loginColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${lower}`)
    .limit(2)
  return byEmail.length === 1 ? (byEmail[0] ?? null) : null
}

export async function setLastLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId))
}

/**
 * How many seconds a subject with `limit` or more failures in the window must wait: until its
 * limit-th newest failure leaves the window. Null when it is not blocked.
 */
export async function blockedForSeconds(
  db: Db,
  subject: string,
  limit: number,
  windowMinutes: number,
): Promise<number | null> {
  const window = sql`make_interval(mins => ${windowMinutes})`
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${loginFailures.failedAt} + ${window} - now()))::int`,
    })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.subject, subject), sql`${loginFailures.failedAt} > now() - ${window}`),
    )
    .orderBy(sql`${loginFailures.failedAt} desc`)
    .offset(limit - 1)
    .limit(1)
  return row ? Math.max(1, row.seconds) : null
}

/** How many failures a subject has in the window, counting no further than `atMost`. */
export async function recentFailureCount(
  db: Db,
  subject: string,
  windowMinutes: number,
  atMost: number,
): Promise<number> {
  const recent = db
    .select({ one: sql`1` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.subject, subject),
        sql`${loginFailures.failedAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    )
    .limit(atMost)
    .as('recent')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(recent)
  return row?.count ?? 0
}

/** Failed sign-ins are counted per account and per client address. */
export const accountSubject = (username: string) => `account:${username.toLowerCase()}`
export const addressSubject = (address: string) => `address:${address}`

/** Records a failure per subject and forgets failures that left the window (of anyone). */
export async function recordLoginFailures(db: Db, subjects: string[], windowMinutes: number) {
  await db.insert(loginFailures).values(subjects.map((subject) => ({ subject })))
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, sql`now() - make_interval(mins => ${windowMinutes})`))
}

export async function clearLoginFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subject))
}
