import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PickerQuery } from '../../../contract/client-pickers'
import type { Db } from '../../db/client'
import { endworkerGroups, limiters, projects, users } from '../../db/schema'
import { usersInReachOf } from '../client-groups/reach'
import { nameMatches } from '../task-definitions/listing'

/** Names that start with the search text come before names that only hold it. */
function startsFirst(name: AnyPgColumn | SQL, search: string | undefined): SQL[] {
  const alphabetical = asc(sql`lower(${name})`)
  if (!search) return [alphabetical]
  return [asc(sql`strpos(lower(${name}), lower(${search})) <> 1`), alphabetical]
}

export const CATALOGS = ['limiters', 'task-groups', 'projects'] as const
export type Catalog = (typeof CATALOGS)[number]

const catalogSources = {
  limiters: { table: limiters, id: limiters.id, name: limiters.name, only: undefined },
  'task-groups': {
    table: endworkerGroups,
    id: endworkerGroups.id,
    name: endworkerGroups.name,
    only: eq(endworkerGroups.taskGroup, true),
  },
  projects: { table: projects, id: projects.id, name: projects.name, only: undefined },
} satisfies Record<Catalog, unknown>

export function catalogChoices(db: Db, catalog: Catalog, query: PickerQuery) {
  const { table, id, name, only } = catalogSources[catalog]
  return db
    .select({ id, name })
    .from(table)
    .where(and(only, nameMatches(name, query.search)))
    .orderBy(...startsFirst(name, query.search), asc(id))
    .limit(query.limit)
}

const displayName = sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`

/**
 * Active users matching the search, within reach of `clientGroupIds` (every user when null). The
 * e-mail is compared whole and never selected.
 */
export function userChoices(
  db: Db,
  clientGroupIds: number[] | null,
  { search, limit }: PickerQuery,
) {
  return db
    .select({ id: users.id, username: users.username, display_name: displayName })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.anonymizedAt),
        clientGroupIds === null ? undefined : inArray(users.id, usersInReachOf(db, clientGroupIds)),
        search
          ? or(
              nameMatches(users.username, search),
              nameMatches(displayName, search),
              sql`lower(${users.email}) = lower(${search})`,
            )
          : undefined,
      ),
    )
    .orderBy(...startsFirst(users.username, search), asc(users.id))
    .limit(limit)
}
