import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import { ROLES, type Role } from '../../../contract/roles'
import type { Db } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import { sessions, users } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { hashToken, newToken } from './tokens'

/** Sessions live in the database only, so every API process sees the same ones. */

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)

export function toSessionUser(row: {
  id: number
  username: string
  roles: string[]
  isActive: boolean
  isSsoAccount: boolean
}): SessionUser {
  return {
    id: row.id,
    username: row.username,
    roles: row.roles.filter(isRole),
    isActive: row.isActive,
    isSsoAccount: row.isSsoAccount,
  }
}

// Every API request with a session cookie makes this lookup.
const liveSession = preparedPerDatabase((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      roles: users.roles,
      isActive: users.isActive,
      isSsoAccount: users.isSsoAccount,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
)

/**
 * The user of a live session, or null. A deactivated user's sessions count as absent, so
 * deactivation takes effect at once. `stale` says the sliding expiry is due for a refresh.
 */
export async function findLiveSession(db: Db, idHash: string) {
  const [row] = await liveSession(db).execute({ idHash })
  return row ? { user: toSessionUser(row), stale: row.stale } : null
}

export async function extendSession(db: Db, idHash: string, ttlHours: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${ttlHours})` })
    .where(eq(sessions.idHash, idHash))
}

/** Starts a session and returns the cookie value; only its hash is stored. */
export async function createSession(
  db: Db,
  session: {
    userId: number
    ttlHours: number
    userAgent: string
    address: string
    ssoIdToken?: string
  },
): Promise<string> {
  const token = newToken()
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId: session.userId,
    expiresAt: sql`now() + make_interval(hours => ${session.ttlHours})`,
    userAgent: session.userAgent.slice(0, 512),
    address: session.address,
    ssoIdToken: session.ssoIdToken ?? null,
  })
  return token
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
}

/** Deletes a session; answers its single-sign-on ID token (null for a password session). */
export async function endSession(db: Db, idHash: string): Promise<string | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.idHash, idHash))
    .returning({ ssoIdToken: sessions.ssoIdToken })
  return ended?.ssoIdToken ?? null
}

/** Signs the user out everywhere, except in the session `keepIdHash` when given. */
export async function deleteUserSessions(db: Db, userId: number, keepIdHash?: string | null) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined),
    )
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`))
}
