import { and, asc, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { endworkerGroups, projects, users } from '../../db/schema'

/** The user who made a row (an interval, a master file, an export), beside the row's own user. */
export const author = alias(users, 'author')

export const financeUserColumns = {
  id: users.id,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
}

export async function searchUsers(db: Db, search: string, ids: number[] | undefined) {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`
  const matches = sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
  return db
    .select(financeUserColumns)
    .from(users)
    .where(and(isNull(users.anonymizedAt), ids ? inArray(users.id, ids) : matches))
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(ids ? ids.length : 20)
}

export async function filterOptions(db: Db) {
  const [groups, projectRows] = await Promise.all([
    db
      .select({ id: endworkerGroups.id, name: endworkerGroups.name })
      .from(endworkerGroups)
      .orderBy(endworkerGroups.name),
    db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(projects.name),
  ])
  return { groups, projects: projectRows }
}
