import type { PickerQuery, UserPickerQuery } from '../../../contract/client-pickers'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { type ClientScope, canSeeClientGroup, clientScopeOf } from '../client-groups/scope'
import { type Catalog, catalogChoices, userChoices } from './queries'

/**
 * The client groups whose reach a user list covers: the scope's groups (every user for staff,
 * null), or the one requested. A group outside the scope reaches nobody, as if it did not exist.
 */
function reachingGroups(scope: ClientScope, requested: number | undefined): number[] | null {
  if (requested === undefined) return scope.groupIds
  return canSeeClientGroup(scope, requested) ? [requested] : []
}

export async function listUserChoices(db: Db, user: SessionUser, query: UserPickerQuery) {
  const groups = reachingGroups(await clientScopeOf(db, user), query.client_group)
  if (groups !== null && groups.length === 0) return []
  return userChoices(db, groups, query)
}

/** Limiters, task groups and projects belong to no client group: every client sees them all. */
export function listCatalogChoices(db: Db, catalog: Catalog, query: PickerQuery) {
  return catalogChoices(db, catalog, query)
}
