import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clientGroupMembers, clientGroups } from '../../db/schema'

export async function memberGroupIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: clientGroupMembers.groupId })
    .from(clientGroupMembers)
    .where(eq(clientGroupMembers.userId, userId))
  return rows.map((row) => row.groupId)
}

export function listClientGroups(db: Db, ids: number[] | null) {
  return db
    .select({ id: clientGroups.id, name: clientGroups.name, full_name: clientGroups.fullName })
    .from(clientGroups)
    .where(ids === null ? undefined : inArray(clientGroups.id, ids))
    .orderBy(asc(clientGroups.name))
}
