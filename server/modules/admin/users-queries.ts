import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { AdminUserListQuery } from '../../../contract/admin'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  endworkerGroupMembers,
  endworkerProfiles,
  users,
} from '../../db/schema'
import { orderOf } from '../review/listing'
import { nameMatches } from '../task-definitions/listing'

export type UserRow = typeof users.$inferSelect & { groups: number[]; clientGroups: number[] }

const userOrderColumns = {
  id: sql`${users.id}`,
  username: sql`lower(${users.username})`,
  last_name: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
  date_joined: sql`${users.dateJoined}`,
}

function userFilter(query: AdminUserListQuery): SQL | undefined {
  return and(
    query.search
      ? or(
          nameMatches(users.username, query.search),
          nameMatches(users.firstName, query.search),
          nameMatches(users.lastName, query.search),
          nameMatches(users.email, query.search),
          nameMatches(sql`${users.firstName} || ' ' || ${users.lastName}`, query.search),
        )
      : undefined,
    query.role ? sql`${query.role} = any(${users.roles})` : undefined,
    query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
    query.is_sso_account === undefined ? undefined : eq(users.isSsoAccount, query.is_sso_account),
  )
}

/** The accounts' end-worker and client group memberships. */
async function withMemberships(db: Db, rows: (typeof users.$inferSelect)[]): Promise<UserRow[]> {
  const ids = rows.map((row) => row.id)
  const [groups, clients] =
    ids.length === 0
      ? [[], []]
      : [
          await db
            .select({
              userId: endworkerGroupMembers.userId,
              groupId: endworkerGroupMembers.groupId,
            })
            .from(endworkerGroupMembers)
            .where(inArray(endworkerGroupMembers.userId, ids))
            .orderBy(endworkerGroupMembers.groupId),
          await db
            .select({ userId: clientGroupMembers.userId, groupId: clientGroupMembers.groupId })
            .from(clientGroupMembers)
            .where(inArray(clientGroupMembers.userId, ids))
            .orderBy(clientGroupMembers.groupId),
        ]
  const of = (list: { userId: number; groupId: number }[], userId: number) =>
    list.filter((row) => row.userId === userId).map((row) => row.groupId)
  return rows.map((row) => ({
    ...row,
    groups: of(groups, row.id),
    clientGroups: of(clients, row.id),
  }))
}

export async function listUsers(db: Db, query: AdminUserListQuery) {
  const where = userFilter(query)
  const count = await db.$count(users, where)
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(orderOf(userOrderColumns, query.ordering, sql`${users.id}`))
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows: await withMemberships(db, rows) }
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id))
  return (await withMemberships(db, rows))[0]
}

export async function replaceUserGroups(db: Db, userId: number, groupIds: number[]) {
  await db.delete(endworkerGroupMembers).where(eq(endworkerGroupMembers.userId, userId))
  if (groupIds.length > 0) {
    await db
      .insert(endworkerGroupMembers)
      .values([...new Set(groupIds)].map((groupId) => ({ groupId, userId })))
  }
}

export async function replaceUserClientGroups(db: Db, userId: number, groupIds: number[]) {
  await db.delete(clientGroupMembers).where(eq(clientGroupMembers.userId, userId))
  if (groupIds.length > 0) {
    await db
      .insert(clientGroupMembers)
      .values([...new Set(groupIds)].map((groupId) => ({ groupId, userId })))
  }
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email' | 'roles' | 'isActive'>
  >,
) {
  if (Object.keys(values).length === 0) return
  await db.update(users).set(values).where(eq(users.id, id))
}

/** End workers need a profile; an account given the role later gets one then. */
export async function ensureEndworkerProfile(db: Db, userId: number) {
  await db.insert(endworkerProfiles).values({ userId }).onConflictDoNothing()
}
