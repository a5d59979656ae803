import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { apiTokens, users } from '../../../db/schema'

export type RevokedReason = 'owner' | 'staff' | 'password_reset' | 'anonymized'

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedAddress: apiTokens.lastUsedAddress,
}

export type TokenRow = {
  id: number
  name: string
  prefix: string
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  lastUsedAddress: string | null
}

export async function insertApiToken(
  db: Db,
  values: { userId: number; name: string; prefix: string; tokenHash: string; days: number | null },
): Promise<TokenRow> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: values.userId,
      name: values.name,
      prefix: values.prefix,
      tokenHash: values.tokenHash,
      expiresAt: values.days === null ? null : sql`now() + make_interval(days => ${values.days})`,
    })
    .returning(tokenColumns)
  if (!row) throw new Error('api token insert returned nothing')
  return row
}

/** Live (not revoked) tokens, newest first: the owner's, or everyone's with their owners. */
export async function listApiTokens(
  db: Db,
  page: { offset: number; limit: number },
  ownerId?: number,
) {
  const where = and(
    isNull(apiTokens.revokedAt),
    ownerId === undefined ? undefined : eq(apiTokens.userId, ownerId),
  )
  const [total] = await db.select({ count: count() }).from(apiTokens).where(where)
  const rows = await db
    .select({ ...tokenColumns, userId: users.id, username: users.username })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.count ?? 0, rows }
}

/** Revokes a live token (only the owner's when `ownerId` is given); false when there is none. */
export async function revokeApiToken(
  db: Db,
  id: number,
  reason: RevokedReason,
  ownerId?: number,
): Promise<boolean> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(apiTokens.id, id),
        isNull(apiTokens.revokedAt),
        ownerId === undefined ? undefined : eq(apiTokens.userId, ownerId),
      ),
    )
    .returning({ id: apiTokens.id })
  return revoked.length > 0
}

/** Revokes every live token of a user (a password reset). */
export async function revokeUserApiTokens(db: Db, userId: number, reason: RevokedReason) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
}

/**
 * An anonymized person's tokens: revoked, and their names (which may name the person) and the
 * addresses they were used from emptied.
 */
export async function eraseUserApiTokens(db: Db, userId: number) {
  await db
    .update(apiTokens)
    .set({
      name: '',
      lastUsedAddress: null,
      revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())`,
      revokedReason: sql`coalesce(${apiTokens.revokedReason}, 'anonymized')`,
    })
    .where(eq(apiTokens.userId, userId))
}

/** The tokens sharing a prefix, with the state of their owners, to compare the hash with. */
export async function tokensWithPrefix(db: Db, prefix: string) {
  return db
    .select({
      id: apiTokens.id,
      tokenHash: apiTokens.tokenHash,
      revokedReason: apiTokens.revokedReason,
      isRevoked: sql<boolean>`${apiTokens.revokedAt} is not null`,
      isExpired: sql<boolean>`coalesce(${apiTokens.expiresAt} <= now(), false)`,
      user: {
        id: users.id,
        username: users.username,
        roles: users.roles,
        isActive: users.isActive,
        isSsoAccount: users.isSsoAccount,
        isAnonymized: sql<boolean>`${users.anonymizedAt} is not null`,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.prefix, prefix))
}

/**
 * Counts a call in the token's current one-minute window (a new window when the last one is
 * over) and records when and from where it came; answers the calls counted in the window and
 * the seconds until it ends. One statement, so concurrent calls on several processes each count.
 */
export async function countTokenCall(db: Db, id: number, address: string) {
  const windowOpen = sql`${apiTokens.rateWindowStart} > now() - interval '1 minute'`
  const [row] = await db
    .update(apiTokens)
    .set({
      rateWindowStart: sql`case when ${windowOpen} then ${apiTokens.rateWindowStart} else now() end`,
      rateCount: sql`case when ${windowOpen} then ${apiTokens.rateCount} + 1 else 1 end`,
      lastUsedAt: sql`now()`,
      lastUsedAddress: address,
    })
    .where(eq(apiTokens.id, id))
    .returning({
      calls: apiTokens.rateCount,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${apiTokens.rateWindowStart} + interval '1 minute' - now())))::int`,
    })
  if (!row) throw new Error(`api token ${id} vanished`)
  return row
}
