import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  approvalLanguages,
  approvals,
  endworkerProfiles,
  languages,
  profileLanguages,
  userPreferences,
  users,
} from '../../db/schema'

export type LanguageSets = {
  languages: number[]
  nativeLanguages: number[]
  mainLanguage: number | null
}

type LanguageRow = { languageId: number; isNative: boolean }

function toSets(rows: LanguageRow[], mainLanguage: number | null): LanguageSets {
  const ids = (native: boolean) =>
    rows
      .filter((row) => row.isNative === native)
      .map((row) => row.languageId)
      .sort((a, b) => a - b)
  return { languages: ids(false), nativeLanguages: ids(true), mainLanguage }
}

function toRows(sets: LanguageSets): LanguageRow[] {
  return [
    ...sets.languages.map((languageId) => ({ languageId, isNative: false })),
    ...sets.nativeLanguages.map((languageId) => ({ languageId, isNative: true })),
  ]
}

export async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  return user ?? null
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email' | 'passwordHash'>
  >,
) {
  if (Object.keys(values).length === 0) return
  await db.update(users).set(values).where(eq(users.id, userId))
}

export async function markAccepted(db: Db, userId: number, what: 'clause' | 'cookiePolicy') {
  const column = what === 'clause' ? 'clauseAcceptedAt' : 'cookiePolicyAcceptedAt'
  await db
    .update(users)
    .set({ [column]: sql`now()` })
    .where(eq(users.id, userId))
}

export async function findProfile(db: Db, userId: number) {
  const [profile] = await db
    .select()
    .from(endworkerProfiles)
    .where(eq(endworkerProfiles.userId, userId))
    .limit(1)
  return profile ?? null
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>

export async function createProfileIfMissing(db: Db, userId: number): Promise<void> {
  await db.insert(endworkerProfiles).values({ userId }).onConflictDoNothing()
}

/** The profile row, locked until the transaction ends, so two profile edits run one after the other. */
export async function lockProfile(db: Db, userId: number): Promise<ProfileRow | null> {
  const [profile] = await db
    .select()
    .from(endworkerProfiles)
    .where(eq(endworkerProfiles.userId, userId))
    .for('update')
  return profile ?? null
}

export async function updateProfile(
  db: Db,
  profileId: number,
  values: Partial<
    Pick<
      typeof endworkerProfiles.$inferInsert,
      'gender' | 'birthYear' | 'availability' | 'approvalId' | 'mainLanguageId'
    >
  >,
) {
  if (Object.keys(values).length === 0) return
  await db.update(endworkerProfiles).set(values).where(eq(endworkerProfiles.id, profileId))
}

export async function profileLanguageSets(db: Db, profile: ProfileRow): Promise<LanguageSets> {
  const rows = await db
    .select({ languageId: profileLanguages.languageId, isNative: profileLanguages.isNative })
    .from(profileLanguages)
    .where(eq(profileLanguages.profileId, profile.id))
  return toSets(rows, profile.mainLanguageId)
}

export async function replaceProfileLanguages(db: Db, profileId: number, sets: LanguageSets) {
  await db.delete(profileLanguages).where(eq(profileLanguages.profileId, profileId))
  const rows = toRows(sets)
  if (rows.length > 0) {
    await db.insert(profileLanguages).values(rows.map((row) => ({ ...row, profileId })))
  }
  await updateProfile(db, profileId, { mainLanguageId: sets.mainLanguage })
}

export async function findApproval(db: Db, approvalId: number) {
  const [approval] = await db.select().from(approvals).where(eq(approvals.id, approvalId)).limit(1)
  if (!approval) return null
  const rows = await db
    .select({ languageId: approvalLanguages.languageId, isNative: approvalLanguages.isNative })
    .from(approvalLanguages)
    .where(eq(approvalLanguages.approvalId, approvalId))
  return { ...approval, sets: toSets(rows, approval.newMainLanguageId) }
}

export async function insertApproval(
  db: Db,
  approval: { userId: number; status: number; sets: LanguageSets; decided: boolean },
): Promise<number> {
  const [row] = await db
    .insert(approvals)
    .values({
      userId: approval.userId,
      status: approval.status,
      newMainLanguageId: approval.sets.mainLanguage,
      decidedAt: approval.decided ? sql`now()` : null,
    })
    .returning({ id: approvals.id })
  if (!row) throw new Error('approval insert returned nothing')
  const rows = toRows(approval.sets)
  if (rows.length > 0) {
    await db.insert(approvalLanguages).values(rows.map((r) => ({ ...r, approvalId: row.id })))
  }
  return row.id
}

export async function deleteApproval(db: Db, approvalId: number): Promise<void> {
  await db.delete(approvals).where(eq(approvals.id, approvalId))
}

export async function latestApprovalId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(eq(approvals.userId, userId))
    .orderBy(desc(approvals.id))
    .limit(1)
  return row?.id ?? null
}

export async function existingLanguageIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(inArray(languages.id, ids))
  return new Set(rows.map((row) => row.id))
}

const preferenceColumns = {
  playOnHover: userPreferences.playOnHover,
  overlappingPlayback: userPreferences.overlappingPlayback,
  sttEndAfterNoSpeech: userPreferences.sttEndAfterNoSpeech,
}

export type PreferenceValues = {
  playOnHover: boolean
  overlappingPlayback: boolean
  sttEndAfterNoSpeech: boolean
}

export async function findPreferences(db: Db, userId: number): Promise<PreferenceValues | null> {
  const [row] = await db
    .select(preferenceColumns)
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1)
  return row ?? null
}

/** Writes the given preferences, creating the row with defaults for the others on first use. */
export async function upsertPreferences(
  db: Db,
  userId: number,
  values: Partial<PreferenceValues>,
): Promise<PreferenceValues> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values })
    .returning(preferenceColumns)
  if (!row) throw new Error('preferences upsert returned nothing')
  return row
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
  return Boolean(row)
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return Boolean(row)
}

/** Lower-cased usernames that start with `prefix` (letters and digits only, so no LIKE escaping). */
export async function usernamesStartingWith(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${prefix}%`}`)
  return new Set(rows.map((row) => row.username))
}
