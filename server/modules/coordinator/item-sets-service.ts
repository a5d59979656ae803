import { msg } from '#lingui-message'
import type { CoordinatorItemSet, CoordinatorItemSetQuery } from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { fieldError, notFound } from '../../http/errors'
import { releaseExpiredItemSets } from '../../jobs/lock-expiry'
import {
  type CoordinatorItemSetRow,
  endItemSetLock,
  findItemSetInScope,
  listItemSets,
} from './item-sets-queries'

/** A lock end this far in the future is still taken as "now": the client's clock may run ahead. */
const CLOCK_TOLERANCE_MS = 60_000

/** Staff see every worker's sets; a coordinator those of the users of their groups. */
const coordinatorScope = (user: SessionUser) => (user.roles.includes('staff') ? null : user.id)

function itemSetView(row: CoordinatorItemSetRow): CoordinatorItemSet {
  return {
    id: row.id,
    task: row.task,
    user: {
      id: row.user.id,
      username: row.user.username,
      first_name: row.user.firstName,
      last_name: row.user.lastName,
    },
    items_done: row.itemsDone,
    items_all: row.itemsAll,
    progress: row.progress,
    created_timestamp: row.createdAt.toISOString(),
    modified_timestamp: row.modifiedAt.toISOString(),
    lock_expiration_timestamp: (row.lockExpiration ?? row.createdAt).toISOString(),
    is_locked: row.isLocked,
    flagged_items: row.flaggedItems,
    flags: { NO_ACTIVITY: row.noActivity, TOO_FAST: row.tooFast },
  }
}

export async function coordinatorItemSets(
  db: Db,
  user: SessionUser,
  query: CoordinatorItemSetQuery,
): Promise<{ count: number; results: CoordinatorItemSet[] }> {
  const { rows, count } = await listItemSets(db, coordinatorScope(user), query)
  return { count, results: rows.map(itemSetView) }
}

/**
 * Ends a worker's lock (the spec's PATCH with lock_expiration_timestamp set to now): only now or
 * earlier is accepted, and the set's unfinished items go back to the pool in the same
 * transaction instead of at the next lock-expiry run.
 */
export async function endCoordinatedLock(
  db: Db,
  user: SessionUser,
  itemSetId: number,
  lockExpiration: string,
): Promise<CoordinatorItemSet> {
  const at = new Date(lockExpiration)
  if (at.getTime() > Date.now() + CLOCK_TOLERANCE_MS) {
    throw fieldError(
      'lock_expiration_timestamp',
      msg`A lock can only be ended: give the current time or an earlier one.`,
    )
  }
  const scope = coordinatorScope(user)
  return db.transaction(async (tx) => {
    if (!(await findItemSetInScope(tx, scope, itemSetId))) {
      throw notFound(msg`No such item set among the workers you coordinate.`)
    }
    await endItemSetLock(tx, itemSetId, at)
    await releaseExpiredItemSets(tx, { itemSetId })
    const row = await findItemSetInScope(tx, scope, itemSetId)
    if (!row) throw new Error(`item set ${itemSetId} vanished`)
    return itemSetView(row)
  })
}
