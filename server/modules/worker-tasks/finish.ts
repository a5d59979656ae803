import { msg } from '#lingui-message'
import type { ItemSetFinishResult } from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict, notFound } from '../../http/errors'
import { type IdempotencyScope, withIdempotency } from '../../http/idempotency'
import { releaseExpiredItemSets } from '../../jobs/lock-expiry'
import { endItemSetLock } from '../coordinator/item-sets-queries'
import { lockOwnItemSet, setItemCounts } from './item-set-queries'

/**
 * The worker finishes their set (contract/worker.ts ItemSetFinishResultSchema): once every item
 * is done its lock ends now, and the set's slots without a done annotation (none, unless a save
 * taking Done back raced this) go back to the pool in the same transaction. A lock that ended
 * already is answered as it is, so a replay from another device or tab changes nothing.
 */
export async function finishItemSet(
  db: Db,
  user: SessionUser,
  itemSetId: number,
  idempotency: IdempotencyScope | null,
) {
  return withIdempotency<ItemSetFinishResult>(db, idempotency, async (tx) => {
    const set = await lockOwnItemSet(tx, user.id, itemSetId)
    if (!set) throw notFound(msg`No such item set of yours.`)
    const counts = await setItemCounts(tx, set.id)
    const answer = (endedAt: Date, alreadyEnded: boolean) => ({
      status: 200,
      body: {
        id: set.id,
        task_id: set.taskId,
        lock_expiration_timestamp: endedAt.toISOString(),
        already_ended: alreadyEnded,
        done_items_count: counts.done,
      },
    })
    if (!set.locked) return answer(set.lockExpiration ?? set.createdAt, true)
    if (counts.notDone > 0) {
      throw conflict(
        msg({
          message:
            '{notDone} of the {total} items of this set are not done yet: mark them Done before finishing the set.',
        }),
        { notDone: counts.notDone, total: counts.done + counts.notDone },
      )
    }
    const now = new Date()
    await endItemSetLock(tx, set.id, now)
    await releaseExpiredItemSets(tx, { itemSetId: set.id })
    const ended = await lockOwnItemSet(tx, user.id, set.id)
    return answer(ended?.lockExpiration ?? now, false)
  })
}
