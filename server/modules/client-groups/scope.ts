import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { notFound } from '../../http/errors'
import type { ApiMessage } from '../../http/i18n'
import { memberGroupIds } from './queries'

/**
 * The client groups whose definitions and tasks a user may see: staff see every group (null),
 * a client the groups they belong to. Every client-area query filters by this, and an object of
 * another group answers 404 as if it did not exist, so ids of other clients leak nothing.
 */
export type ClientScope = { groupIds: number[] | null }

export async function clientScopeOf(db: Db, user: SessionUser): Promise<ClientScope> {
  if (user.roles.includes('staff')) return { groupIds: null }
  return { groupIds: await memberGroupIds(db, user.id) }
}

export function canSeeClientGroup(scope: ClientScope, clientGroupId: number): boolean {
  return scope.groupIds === null || scope.groupIds.includes(clientGroupId)
}

/** For objects that belong to a client group: 404 unless the scope covers it. */
export function assertInClientScope<T extends { clientGroupId: number }>(
  scope: ClientScope,
  row: T | undefined,
  what: ApiMessage = msg`Not found.`,
): T {
  if (!row || !canSeeClientGroup(scope, row.clientGroupId)) throw notFound(what)
  return row
}
