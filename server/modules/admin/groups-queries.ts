import { eq, inArray, or, sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  clientGroups,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  registrationKeyGroups,
  registrationKeys,
  taskProtocols,
  taskSchemas,
  taskTypeGroups,
  taskTypes,
} from '../../db/schema'
import { caseless, tableQueries } from './table-queries'
import type { Usage } from './usage'

type Link = { groupId: number; otherId: number }

const idsOf = (links: Link[], groupId: number) =>
  links.filter((link) => link.groupId === groupId).map((link) => link.otherId)

// End-worker groups -------------------------------------------------------------------------------

export const endworkerGroupQueries = tableQueries({
  table: endworkerGroups,
  searchIn: [endworkerGroups.name],
  orderColumns: { id: sql`${endworkerGroups.id}`, name: caseless(endworkerGroups.name) },
  unique: endworkerGroups.name,
})

export type EndworkerGroupRow = typeof endworkerGroups.$inferSelect & {
  members: number[]
  coordinators: number[]
  managedGroups: number[]
}

export async function withEndworkerLinks(
  db: Db,
  rows: (typeof endworkerGroups.$inferSelect)[],
): Promise<EndworkerGroupRow[]> {
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const members = await db
    .select({ groupId: endworkerGroupMembers.groupId, otherId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(inArray(endworkerGroupMembers.groupId, ids))
    .orderBy(endworkerGroupMembers.userId)
  const coordinators = await db
    .select({ groupId: groupCoordinators.groupId, otherId: groupCoordinators.userId })
    .from(groupCoordinators)
    .where(inArray(groupCoordinators.groupId, ids))
    .orderBy(groupCoordinators.userId)
  const managed = await db
    .select({
      groupId: coordinationManagedGroups.coordinationGroupId,
      otherId: coordinationManagedGroups.managedGroupId,
    })
    .from(coordinationManagedGroups)
    .where(inArray(coordinationManagedGroups.coordinationGroupId, ids))
    .orderBy(coordinationManagedGroups.managedGroupId)
  return rows.map((row) => ({
    ...row,
    members: idsOf(members, row.id),
    coordinators: idsOf(coordinators, row.id),
    managedGroups: idsOf(managed, row.id),
  }))
}

/** Sets who belongs to, who coordinates and which groups are managed by the group. */
export async function replaceEndworkerGroupLinks(
  db: Db,
  groupId: number,
  links: { members: number[]; coordinators: number[]; managedGroups: number[] },
) {
  await db.delete(endworkerGroupMembers).where(eq(endworkerGroupMembers.groupId, groupId))
  await db.delete(groupCoordinators).where(eq(groupCoordinators.groupId, groupId))
  await db
    .delete(coordinationManagedGroups)
    .where(eq(coordinationManagedGroups.coordinationGroupId, groupId))
  const members = [...new Set(links.members)]
  const coordinators = [...new Set(links.coordinators)]
  const managed = [...new Set(links.managedGroups)]
  if (members.length > 0) {
    await db.insert(endworkerGroupMembers).values(members.map((userId) => ({ groupId, userId })))
  }
  if (coordinators.length > 0) {
    await db.insert(groupCoordinators).values(coordinators.map((userId) => ({ groupId, userId })))
  }
  if (managed.length > 0) {
    await db
      .insert(coordinationManagedGroups)
      .values(managed.map((managedGroupId) => ({ coordinationGroupId: groupId, managedGroupId })))
  }
}

export async function endworkerGroupUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      users: msg({ message: '{count, plural, one {# task type} other {# task types}}' }),
      count: await db.$count(taskTypeGroups, eq(taskTypeGroups.groupId, id)),
    },
    {
      users: msg({
        message: '{count, plural, one {# registration key} other {# registration keys}}',
      }),
      count: await db.$count(
        registrationKeys,
        or(
          eq(registrationKeys.coordinationGroupId, id),
          inArray(
            registrationKeys.id,
            db
              .select({ id: registrationKeyGroups.keyId })
              .from(registrationKeyGroups)
              .where(eq(registrationKeyGroups.groupId, id)),
          ),
        ),
      ),
    },
  ]
}

// Client groups -----------------------------------------------------------------------------------

export const clientGroupQueries = tableQueries({
  table: clientGroups,
  searchIn: [clientGroups.name, clientGroups.fullName],
  orderColumns: {
    id: sql`${clientGroups.id}`,
    name: caseless(clientGroups.name),
    full_name: caseless(clientGroups.fullName),
  },
  unique: clientGroups.name,
})

export type ClientGroupRow = typeof clientGroups.$inferSelect & { members: number[] }

export async function withClientMembers(
  db: Db,
  rows: (typeof clientGroups.$inferSelect)[],
): Promise<ClientGroupRow[]> {
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const members = await db
    .select({ groupId: clientGroupMembers.groupId, otherId: clientGroupMembers.userId })
    .from(clientGroupMembers)
    .where(inArray(clientGroupMembers.groupId, ids))
    .orderBy(clientGroupMembers.userId)
  return rows.map((row) => ({ ...row, members: idsOf(members, row.id) }))
}

export async function replaceClientGroupMembers(db: Db, groupId: number, members: number[]) {
  await db.delete(clientGroupMembers).where(eq(clientGroupMembers.groupId, groupId))
  const unique = [...new Set(members)]
  if (unique.length > 0) {
    await db.insert(clientGroupMembers).values(unique.map((userId) => ({ groupId, userId })))
  }
}

export async function clientGroupUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      users: msg({ message: '{count, plural, one {# task type} other {# task types}}' }),
      count: await db.$count(taskTypes, eq(taskTypes.clientGroupId, id)),
    },
    {
      users: msg({ message: '{count, plural, one {# task schema} other {# task schemas}}' }),
      count: await db.$count(taskSchemas, eq(taskSchemas.clientGroupId, id)),
    },
    {
      users: msg({ message: '{count, plural, one {# task protocol} other {# task protocols}}' }),
      count: await db.$count(taskProtocols, eq(taskProtocols.clientGroupId, id)),
    },
  ]
}
