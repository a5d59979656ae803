import { sql } from 'drizzle-orm'
import type { License, LicenseRequest } from '../../../contract/media'
import { hasPermission } from '../../../contract/roles'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import type { SessionUser } from '../../http/augment'
import { permissionDenied } from '../../http/errors'
import { memberGroupIds } from '../client-groups/queries'
import { lockHolds } from '../review/lock-state'
import { authorInScope, reviewScopeOf } from '../review/scope'
import { type ContentKeyStore, contentKeysByIds } from './protection/key-store'

/**
 * The tasks among `taskIds` whose audio the user may hear now, as the media calls let them
 * fetch it: staff any; a client the tasks of their client groups; an annotator a task where an
 * item set is locked to them; a reviewer a task where they hold a review lock or graded work;
 * a worker a task with their own graded (feedback) items.
 */
async function audibleTaskIds(db: Db, user: SessionUser, taskIds: number[]): Promise<Set<number>> {
  if (user.roles.includes('staff')) return new Set(taskIds)
  const clientGroups = hasPermission(user.roles, 'client') ? await memberGroupIds(db, user.id) : []
  const reviewable = hasPermission(user.roles, 'reviewer')
    ? sql`or exists (select 1 from review_items ri where ri.task_id = t.id
          and ri.reviewer_id = ${user.id} and (${lockHolds} or ri.status = 'REVIEWED')
          and ${authorInScope(reviewScopeOf(user), sql`ri.user_id`)})`
    : sql``
  const worked = hasPermission(user.roles, 'endworker')
    ? sql`or exists (select 1 from item_sets s where s.task_id = t.id
          and s.user_id = ${user.id} and s.lock_expiration > now())
        or exists (select 1 from review_items ri where ri.task_id = t.id
          and ri.user_id = ${user.id} and ri.status = 'REVIEWED')`
    : sql``
  const ids = sql.join(
    taskIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const groups =
    clientGroups.length > 0
      ? sql`tt.client_group_id in (${sql.join(
          clientGroups.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select t.id from tasks t join task_types tt on tt.id = t.task_type_id
      where t.id in (${ids}) and (${groups} ${reviewable} ${worked})`,
  )
  return new Set(rows.map((row) => row.id))
}

/**
 * The clear-key licence for the key ids asked for (W3C EME clear key): every key, or 403 when
 * any of them is unknown or of audio the user may not hear now, naming those ids (an unknown id
 * and another user's look the same, so ids cannot be probed).
 */
export async function clearKeyLicense(
  db: Db,
  store: ContentKeyStore,
  user: SessionUser | null,
  request: LicenseRequest,
): Promise<License> {
  if (!user) throw permissionDenied('Sign in to play protected audio.')
  const keyIds = [...new Set(request.kids)]
  const rows = await contentKeysByIds(db, keyIds)
  const audible = await audibleTaskIds(db, user, [...new Set(rows.map((row) => row.taskId))])
  const usable = new Map(
    rows.filter((row) => audible.has(row.taskId)).map((row) => [row.keyId, row] as const),
  )
  const refused = keyIds.filter((keyId) => !usable.has(keyId))
  if (refused.length > 0) {
    throw permissionDenied(
      `You may not play the protected audio of key ${refused.length === 1 ? 'id' : 'ids'} ${refused.join(', ')} now: it is not in an item set, review or feedback item of yours, or a task of your client group.`,
    )
  }
  return {
    keys: [...usable.values()].map((row) => ({
      kty: 'oct' as const,
      kid: row.keyId,
      k: store.unwrap(row).key.toString('base64url'),
    })),
    type: 'temporary',
  }
}
