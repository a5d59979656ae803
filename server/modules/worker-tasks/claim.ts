import { TransactionRollbackError } from 'drizzle-orm'
import { msg } from '#lingui-message'
import { DEFAULT_ITEM_SET_LOCK_MINUTES, type WorkerItemSet } from '../../../contract/worker'
import type { Db, Tx } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict, notFound } from '../../http/errors'
import { type IdempotencyScope, withIdempotency } from '../../http/idempotency'
import { goldSlotsBeside, mixGoldIntoSet, plannedGoldSlots } from '../quality/gold-mixing'
import {
  advanceFirstOpenPosition,
  type Candidates,
  findOpenItemSet,
  insertItemSet,
  insertSlots,
  lockCandidateFixedSet,
  lockCandidateItems,
  lockWorkerClaims,
  reopenSetItems,
  setItemSetPosition,
} from './claim-queries'
import { findOwnItemSet } from './item-set-queries'
import { itemSetView } from './item-set-view'
import { requireProtocolRead } from './protocols'
import { qualityStopped, taskFinished } from './refusals'
import { findTakeableTask } from './task-queries'

/**
 * Takes work from a task: answers the worker's open set of the task (200), or a new set locked
 * to them (201). Concurrency: items are locked with FOR UPDATE SKIP LOCKED before they get a
 * slot, so simultaneous claims take different items and never exceed annotations_per_item;
 * see lockCandidateItems. On PGlite (one connection) claims simply run one after another.
 *
 * Large tasks: the search starts at the task's first open position (advanceFirstOpenPosition),
 * so the items already done are not scanned again by every claim. Only when nothing is found
 * from there does it look from the start of the task, for an item that a change outside claims
 * and saves reopened (say, a raised annotations_per_item); the position then moves down to it.
 *
 * Gold items: a dynamic set of a task type with a gold share gets gold items the worker has not
 * met besides its ordinary items (quality/gold-mixing.ts); the ordinary part shrinks to leave
 * them room. Fixed sets are handed out as the upload made them, gold or not.
 */
export async function claimItemSet(
  db: Db,
  user: SessionUser,
  taskId: number,
  idempotency: IdempotencyScope | null,
) {
  const firstOpen = await advanceFirstOpenPosition(db, taskId)
  return withIdempotency<WorkerItemSet>(db, idempotency, async (tx) => {
    const task = await findTakeableTask(tx, user.id, taskId)
    if (!task) throw notFound(msg`No such task among the tasks you may work on.`)
    if (task.status !== 'IN_PROGRESS') throw taskFinished()
    await requireProtocolRead(tx, user.id, task.protocolId)
    await lockWorkerClaims(tx, user.id)
    const open = await findOpenItemSet(tx, user.id, taskId)
    if (open) return { status: 200, body: await viewOf(tx, user, open.id) }
    if (task.qualityStop !== null) throw qualityStopped()
    if (task.shareLeft <= 0) {
      throw conflict(
        msg`You reached your share of this task: other workers annotate the rest. Choose another task.`,
      )
    }
    const itemSetId = await insertItemSet(tx, {
      taskId,
      userId: user.id,
      lockMinutes: task.lockMinutes ?? DEFAULT_ITEM_SET_LOCK_MINUTES,
    })
    const candidates: Candidates = {
      taskId,
      userId: user.id,
      annotationsPerItem: task.annotationsPerItem,
    }
    // Where to look, in turn: from the first open position, then from the start of the task.
    const starts = firstOpen > 0 ? [firstOpen, 0] : [0]
    const ordinaryWanted = Math.max(
      1,
      task.itemsPerSet - plannedGoldSlots(task.itemsPerSet, task.goldShare),
    )
    const taken = task.isFixedSets
      ? await takeFixedSet(tx, itemSetId, candidates, starts)
      : await takeItems(tx, itemSetId, candidates, Math.min(ordinaryWanted, task.shareLeft), starts)
    if (taken === 0) {
      throw conflict(
        msg`Nothing is left to annotate in this task for you: every item has its annotations or is being annotated. Try again later or choose another task.`,
      )
    }
    if (firstOpen > 0) await reopenSetItems(tx, taskId, itemSetId)
    if (!task.isFixedSets && goldSlotsBeside(taken, task.goldShare) > 0) {
      await mixGoldIntoSet(tx, { id: itemSetId, taskId, userId: user.id }, task.goldShare)
    }
    return { status: 201, body: await viewOf(tx, user, itemSetId) }
  })
}

async function viewOf(db: Db, user: SessionUser, itemSetId: number) {
  const set = await findOwnItemSet(db, user.id, itemSetId)
  if (!set) throw new Error(`item set ${itemSetId} vanished`)
  return itemSetView(db, user.id, set)
}

/**
 * Dynamic sets: up to `wanted` items, searched from each of `starts` in turn. Items other claims
 * hold locked are passed over; only when this claim has nothing yet does it wait for one
 * (holding no item then, so it cannot deadlock), so a claim is never told nothing is left while
 * a claim in flight might leave something.
 */
async function takeItems(
  tx: Tx,
  itemSetId: number,
  candidates: Candidates,
  wanted: number,
  starts: number[],
) {
  const tried: number[] = []
  let taken = 0
  let start = 0
  while (taken < wanted) {
    const fromPosition = starts[start] ?? 0
    const options = { exclude: tried, skipLocked: true, limit: wanted - taken, fromPosition }
    let locked = await lockCandidateItems(tx, candidates, options)
    if (locked.length === 0 && start < starts.length - 1) {
      start += 1
      continue
    }
    if (locked.length === 0 && taken === 0) {
      locked = await lockCandidateItems(tx, candidates, { ...options, skipLocked: false, limit: 1 })
    }
    if (locked.length === 0) break
    tried.push(...locked)
    taken += await insertSlots(tx, itemSetId, locked, candidates.annotationsPerItem)
  }
  return taken
}

/**
 * Fixed sets: every item of the next fixed set (searched from each of `starts` in turn) that
 * needs an annotation and is not the worker's. Each try runs in a savepoint, so a fixed set that
 * turned out taken is unlocked again at once, and waiting (when every candidate is locked)
 * happens holding no other row lock.
 */
async function takeFixedSet(tx: Tx, itemSetId: number, candidates: Candidates, starts: number[]) {
  const tried: number[] = []
  const lockNext = async (sp: Tx) => {
    for (const fromPosition of starts) {
      const options = { exclude: tried, skipLocked: true, fromPosition }
      const fixedSet = await lockCandidateFixedSet(sp, candidates, options)
      if (fixedSet) return fixedSet
    }
    return lockCandidateFixedSet(sp, candidates, {
      exclude: tried,
      skipLocked: false,
      fromPosition: 0,
    })
  }
  for (;;) {
    const attempt = await inSavepoint(tx, async (sp) => {
      const fixedSet = await lockNext(sp)
      if (!fixedSet) return { taken: 0 }
      tried.push(fixedSet.id)
      const itemIds = await lockCandidateItems(sp, candidates, {
        exclude: [],
        skipLocked: false,
        limit: null,
        fixedSetId: fixedSet.id,
        fromPosition: 0,
      })
      const taken = await insertSlots(sp, itemSetId, itemIds, candidates.annotationsPerItem)
      if (taken === 0) return null
      await setItemSetPosition(sp, itemSetId, fixedSet.position)
      return { taken }
    })
    if (attempt) return attempt.taken
  }
}

/** Runs `work` in a savepoint, rolled back (with the row locks it took) when it answers null. */
async function inSavepoint<T>(tx: Tx, work: (sp: Tx) => Promise<T | null>): Promise<T | null> {
  try {
    return await tx.transaction(async (sp) => {
      const result = await work(sp)
      if (result === null) sp.rollback()
      return result
    })
  } catch (error) {
    if (error instanceof TransactionRollbackError) return null
    throw error
  }
}
