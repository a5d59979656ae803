import { eq, inArray, or, sql } from 'drizzle-orm'
import type { ClientGroupListQuery, EndworkerGroupListQuery } from '../../../contract/admin'
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
import { orderOf } from '../review/listing'
import { nameMatches } from '../task-definitions/listing'
import type { Usage } from './usage'

type Link = { groupId: number; otherId: number }

const idsOf = (links: Link[], groupId: number) =>
  links.filter((link) => link.groupId === groupId).map((link) => link.otherId)

// End-worker groups -------------------------------------------------------------------------------

export type EndworkerGroupRow = typeof endworkerGroups.$inferSelect & {
  members: number[]
  coordinators: number[]
  managedGroups: number[]
}

async function withEndworkerLinks(
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

export async function listEndworkerGroups(db: Db, query: EndworkerGroupListQuery) {
  const where = nameMatches(endworkerGroups.name, query.search)
  const count = await db.$count(endworkerGroups, where)
  const rows = await db
    .select()
    .from(endworkerGroups)
    .where(where)
    .orderBy(
      orderOf(
        { id: sql`${endworkerGroups.id}`, name: sql`lower(${endworkerGroups.name})` },
        query.ordering,
        sql`${endworkerGroups.id}`,
      ),
    )
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows: await withEndworkerLinks(db, rows) }
}

export async function findEndworkerGroup(db: Db, id: number) {
  const rows = await db.select().from(endworkerGroups).where(eq(endworkerGroups.id, id))
  return (await withEndworkerLinks(db, rows))[0]
}

export async function endworkerGroupNameTaken(db: Db, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: endworkerGroups.id })
    .from(endworkerGroups)
    .where(sql`lower(${endworkerGroups.name}) = lower(${name})`)
  return row !== undefined && row.id !== exceptId
}

export type EndworkerGroupValues = Pick<
  typeof endworkerGroups.$inferInsert,
  'name' | 'taskGroup' | 'reviewGroup' | 'coordinationGroup'
>

export async function insertEndworkerGroup(db: Db, values: EndworkerGroupValues) {
  const [row] = await db
    .insert(endworkerGroups)
    .values(values)
    .returning({ id: endworkerGroups.id })
  if (!row) throw new Error('group insert returned nothing')
  return row.id
}

export async function updateEndworkerGroup(db: Db, id: number, values: EndworkerGroupValues) {
  await db.update(endworkerGroups).set(values).where(eq(endworkerGroups.id, id))
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
      one: 'task type',
      many: 'task types',
      count: await db.$count(taskTypeGroups, eq(taskTypeGroups.groupId, id)),
    },
    {
      one: 'registration key',
      many: 'registration keys',
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

export async function deleteEndworkerGroup(db: Db, id: number) {
  const deleted = await db
    .delete(endworkerGroups)
    .where(eq(endworkerGroups.id, id))
    .returning({ id: endworkerGroups.id })
  return deleted.length > 0
}

// Client groups -----------------------------------------------------------------------------------

export type ClientGroupRow = typeof clientGroups.$inferSelect & { members: number[] }

async function withClientMembers(
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

export async function listClientGroupsPage(db: Db, query: ClientGroupListQuery) {
  const where = query.search
    ? or(
        nameMatches(clientGroups.name, query.search),
        nameMatches(clientGroups.fullName, query.search),
      )
    : undefined
  const count = await db.$count(clientGroups, where)
  const rows = await db
    .select()
    .from(clientGroups)
    .where(where)
    .orderBy(
      orderOf(
        {
          id: sql`${clientGroups.id}`,
          name: sql`lower(${clientGroups.name})`,
          full_name: sql`lower(${clientGroups.fullName})`,
        },
        query.ordering,
        sql`${clientGroups.id}`,
      ),
    )
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows: await withClientMembers(db, rows) }
}

export async function findClientGroup(db: Db, id: number) {
  const rows = await db.select().from(clientGroups).where(eq(clientGroups.id, id))
  return (await withClientMembers(db, rows))[0]
}

export async function clientGroupNameTaken(db: Db, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: clientGroups.id })
    .from(clientGroups)
    .where(sql`lower(${clientGroups.name}) = lower(${name})`)
  return row !== undefined && row.id !== exceptId
}

type ClientGroupValues = Pick<typeof clientGroups.$inferInsert, 'name' | 'fullName'>

export async function insertClientGroup(db: Db, values: ClientGroupValues) {
  const [row] = await db.insert(clientGroups).values(values).returning({ id: clientGroups.id })
  if (!row) throw new Error('client group insert returned nothing')
  return row.id
}

export async function updateClientGroup(db: Db, id: number, values: ClientGroupValues) {
  await db.update(clientGroups).set(values).where(eq(clientGroups.id, id))
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
      one: 'task type',
      many: 'task types',
      count: await db.$count(taskTypes, eq(taskTypes.clientGroupId, id)),
    },
    {
      one: 'task schema',
      many: 'task schemas',
      count: await db.$count(taskSchemas, eq(taskSchemas.clientGroupId, id)),
    },
    {
      one: 'task protocol',
      many: 'task protocols',
      count: await db.$count(taskProtocols, eq(taskProtocols.clientGroupId, id)),
    },
  ]
}

export async function deleteClientGroup(db: Db, id: number) {
  const deleted = await db
    .delete(clientGroups)
    .where(eq(clientGroups.id, id))
    .returning({ id: clientGroups.id })
  return deleted.length > 0
}
