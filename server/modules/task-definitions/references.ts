import { and, eq, inArray } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import { clientGroups } from '../../db/schema'
import { fieldError } from '../../http/errors'
import type { ApiMessage } from '../../http/i18n'
import { type ClientScope, canSeeClientGroup } from '../client-groups/scope'

/**
 * Checks of ids a request names. A missing id, or one outside the user's client groups, is a 400
 * on the field that named it: the caller made a mistake in the body, not in the URL.
 */

export async function assertClientGroupInScope(
  db: Db,
  scope: ClientScope,
  clientGroupId: number,
  field = 'client_group',
): Promise<void> {
  const [group] = canSeeClientGroup(scope, clientGroupId)
    ? await db
        .select({ id: clientGroups.id })
        .from(clientGroups)
        .where(eq(clientGroups.id, clientGroupId))
        .limit(1)
    : []
  if (!group) {
    throw fieldError(field, msg({ message: 'Client group {id} does not exist.' }), {
      id: clientGroupId,
    })
  }
}

/**
 * Every id in `ids` must be a row of `table` (matching `where` too, when given); names the first
 * one that is not with the `missing` message (its placeholder `{id}`).
 */
export async function assertIdsExist(
  db: Db,
  field: string,
  ids: number[],
  table: PgTable,
  idColumn: AnyPgColumn,
  { where, missing: unknownId }: { where?: ReturnType<typeof eq>; missing: ApiMessage },
): Promise<void> {
  if (ids.length === 0) return
  const rows = await db
    .select({ id: idColumn })
    .from(table)
    .where(and(inArray(idColumn, ids), where))
  const found = new Set(rows.map((row) => row.id as number))
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) {
    throw fieldError(field, unknownId, { id: missing })
  }
}
