import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  passwordResetKeys,
  registrationKeyGroups,
  registrationKeys,
  users,
} from '../../db/schema'

/** The coordination groups a user coordinates. */
export async function coordinatedGroupIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: groupCoordinators.groupId })
    .from(groupCoordinators)
    .innerJoin(endworkerGroups, eq(endworkerGroups.id, groupCoordinators.groupId))
    .where(and(eq(groupCoordinators.userId, userId), eq(endworkerGroups.coordinationGroup, true)))
  return rows.map((row) => row.id)
}

export async function isCoordinationGroup(db: Db, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: endworkerGroups.id })
    .from(endworkerGroups)
    .where(and(eq(endworkerGroups.id, groupId), eq(endworkerGroups.coordinationGroup, true)))
  return row !== undefined
}

/** A coordination group and the groups it manages: where its keys may send new accounts. */
export async function groupsInReach(db: Db, coordinationGroupId: number): Promise<Set<number>> {
  const managed = await db
    .select({ id: coordinationManagedGroups.managedGroupId })
    .from(coordinationManagedGroups)
    .where(eq(coordinationManagedGroups.coordinationGroupId, coordinationGroupId))
  return new Set([coordinationGroupId, ...managed.map((row) => row.id)])
}

export async function existingGroupIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: endworkerGroups.id })
    .from(endworkerGroups)
    .where(inArray(endworkerGroups.id, ids))
  return new Set(rows.map((row) => row.id))
}

/**
 * Which of the given coordination groups reach an account with this e-mail (any case) among the
 * members of the group or of the groups it manages.
 */
export async function coordinationGroupsReachingEmail(
  db: Db,
  coordinationGroupIds: number[],
  email: string,
): Promise<number[]> {
  if (coordinationGroupIds.length === 0) return []
  const rows = await db
    .select({ id: endworkerGroups.id })
    .from(endworkerGroups)
    .where(
      and(
        inArray(endworkerGroups.id, coordinationGroupIds),
        sql`exists (
          select 1 from ${endworkerGroupMembers}
          join ${users} on ${users.id} = ${endworkerGroupMembers.userId}
          where lower(${users.email}) = lower(${email})
            and (${endworkerGroupMembers.groupId} = ${endworkerGroups.id}
              or ${endworkerGroupMembers.groupId} in (
                select ${coordinationManagedGroups.managedGroupId} from ${coordinationManagedGroups}
                where ${coordinationManagedGroups.coordinationGroupId} = ${endworkerGroups.id}))
        )`,
      ),
    )
  return rows.map((row) => row.id)
}

/**
 * The account an e-mail names, among the members of `groupIds` (any account when null). E-mails
 * are compared without case, as sign-in does.
 */
export async function findAccountByEmail(db: Db, email: string, groupIds: number[] | null) {
  const sameEmail = sql`lower(${users.email}) = lower(${email})`
  const inGroups =
    groupIds === null
      ? undefined
      : inArray(
          users.id,
          db
            .select({ id: endworkerGroupMembers.userId })
            .from(endworkerGroupMembers)
            .where(inArray(endworkerGroupMembers.groupId, groupIds)),
        )
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail, inGroups))
    .orderBy(users.id)
    .limit(1)
  return row?.id ?? null
}

/** Keys of the given coordination groups, or of the whole instance when null. */
type KeyScope = number[] | null

const inKeyScope = (
  column:
    | typeof registrationKeys.coordinationGroupId
    | typeof passwordResetKeys.coordinationGroupId,
  scope: KeyScope,
): SQL | undefined => {
  if (scope === null) return undefined
  return scope.length === 0 ? sql`false` : inArray(column, scope)
}

export type RegistrationKeyRow = typeof registrationKeys.$inferSelect & { groups: number[] }

async function withGroups(
  db: Db,
  rows: (typeof registrationKeys.$inferSelect)[],
): Promise<RegistrationKeyRow[]> {
  if (rows.length === 0) return []
  const links = await db
    .select()
    .from(registrationKeyGroups)
    .where(
      inArray(
        registrationKeyGroups.keyId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(registrationKeyGroups.groupId)
  return rows.map((row) => ({
    ...row,
    groups: links.filter((link) => link.keyId === row.id).map((link) => link.groupId),
  }))
}

export async function listRegistrationKeys(
  db: Db,
  scope: KeyScope,
  page: { offset: number; limit: number },
) {
  const where = inKeyScope(registrationKeys.coordinationGroupId, scope)
  const [total] = await db.select({ value: count() }).from(registrationKeys).where(where)
  const rows = await db
    .select()
    .from(registrationKeys)
    .where(where)
    .orderBy(desc(registrationKeys.id))
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, rows: await withGroups(db, rows) }
}

export async function findRegistrationKeyInScope(db: Db, scope: KeyScope, id: number) {
  const rows = await db
    .select()
    .from(registrationKeys)
    .where(
      and(eq(registrationKeys.id, id), inKeyScope(registrationKeys.coordinationGroupId, scope)),
    )
    .for('update')
  const [row] = await withGroups(db, rows)
  return row ?? null
}

export async function insertRegistrationKey(
  db: Db,
  values: typeof registrationKeys.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(registrationKeys)
    .values(values)
    .returning({ id: registrationKeys.id })
  if (!row) throw new Error('registration key insert returned nothing')
  return row.id
}

export async function updateRegistrationKey(
  db: Db,
  id: number,
  values: Partial<typeof registrationKeys.$inferInsert>,
): Promise<void> {
  await db.update(registrationKeys).set(values).where(eq(registrationKeys.id, id))
}

export async function replaceRegistrationKeyGroups(db: Db, keyId: number, groupIds: number[]) {
  await db.delete(registrationKeyGroups).where(eq(registrationKeyGroups.keyId, keyId))
  if (groupIds.length === 0) return
  await db.insert(registrationKeyGroups).values(groupIds.map((groupId) => ({ keyId, groupId })))
}

export async function deleteRegistrationKey(db: Db, scope: KeyScope, id: number) {
  const deleted = await db
    .delete(registrationKeys)
    .where(
      and(eq(registrationKeys.id, id), inKeyScope(registrationKeys.coordinationGroupId, scope)),
    )
    .returning({ id: registrationKeys.id })
  return deleted.length > 0
}

export async function listResetKeys(
  db: Db,
  scope: KeyScope,
  page: { offset: number; limit: number },
) {
  const where = inKeyScope(passwordResetKeys.coordinationGroupId, scope)
  const [total] = await db.select({ value: count() }).from(passwordResetKeys).where(where)
  const rows = await db
    .select()
    .from(passwordResetKeys)
    .where(where)
    .orderBy(desc(passwordResetKeys.id))
    .offset(page.offset)
    .limit(page.limit)
  return { count: total?.value ?? 0, rows }
}

export async function insertResetKey(db: Db, values: typeof passwordResetKeys.$inferInsert) {
  const [row] = await db.insert(passwordResetKeys).values(values).returning()
  if (!row) throw new Error('reset key insert returned nothing')
  return row
}

export async function deleteResetKey(db: Db, scope: KeyScope, id: number) {
  const deleted = await db
    .delete(passwordResetKeys)
    .where(
      and(eq(passwordResetKeys.id, id), inKeyScope(passwordResetKeys.coordinationGroupId, scope)),
    )
    .returning({ id: passwordResetKeys.id })
  return deleted.length > 0
}
