import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  endworkerGroupMembers,
  endworkerProfiles,
  passwordResetKeys,
  registrationKeyGroups,
  registrationKeys,
  users,
} from '../../db/schema'

const usableRegistrationKey = (keyHash: string) =>
  and(
    eq(registrationKeys.keyHash, keyHash),
    gt(registrationKeys.expiresAt, sql`now()`),
    gt(registrationKeys.accountsLeft, 0),
  )

export async function findRegistrationKey(db: Db, keyHash: string) {
  const [key] = await db
    .select()
    .from(registrationKeys)
    .where(usableRegistrationKey(keyHash))
    .limit(1)
  return key ?? null
}

/**
 * The key, locked until the transaction ends, so two registrations cannot both take its last
 * account (PostgreSQL re-checks the condition on the locked row).
 */
export async function lockRegistrationKey(db: Db, keyHash: string) {
  const [key] = await db
    .select()
    .from(registrationKeys)
    .where(usableRegistrationKey(keyHash))
    .for('update')
  return key ?? null
}

export async function takeRegistrationKeyAccount(db: Db, keyId: number): Promise<void> {
  await db
    .update(registrationKeys)
    .set({ accountsLeft: sql`${registrationKeys.accountsLeft} - 1` })
    .where(eq(registrationKeys.id, keyId))
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id })
  if (!row) throw new Error('user insert returned nothing')
  return row.id
}

export async function insertProfile(db: Db, userId: number): Promise<void> {
  await db.insert(endworkerProfiles).values({ userId })
}

export async function joinRegistrationKeyGroups(db: Db, keyId: number, userId: number) {
  const groups = await db
    .select({ groupId: registrationKeyGroups.groupId })
    .from(registrationKeyGroups)
    .where(eq(registrationKeyGroups.keyId, keyId))
  if (groups.length === 0) return
  await db
    .insert(endworkerGroupMembers)
    .values(groups.map(({ groupId }) => ({ groupId, userId })))
    .onConflictDoNothing()
}

const usableResetKey = (keyHash: string) =>
  and(
    eq(passwordResetKeys.keyHash, keyHash),
    gt(passwordResetKeys.expiresAt, sql`now()`),
    isNull(passwordResetKeys.usedAt),
  )

export async function findResetKey(db: Db, keyHash: string) {
  const [key] = await db.select().from(passwordResetKeys).where(usableResetKey(keyHash)).limit(1)
  return key ?? null
}

export async function lockResetKey(db: Db, keyHash: string) {
  const [key] = await db
    .select({
      id: passwordResetKeys.id,
      userId: passwordResetKeys.userId,
      username: users.username,
    })
    .from(passwordResetKeys)
    .leftJoin(users, eq(users.id, passwordResetKeys.userId))
    .where(usableResetKey(keyHash))
    .for('update', { of: passwordResetKeys })
  return key ?? null
}

export async function markResetKeyUsed(db: Db, keyId: number): Promise<void> {
  await db
    .update(passwordResetKeys)
    .set({ usedAt: sql`now()` })
    .where(eq(passwordResetKeys.id, keyId))
}
