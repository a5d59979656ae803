import { randomInt } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { annotations, itemSetItems, itemSets, items } from '../../db/schema'

/**
 * Gold (control) items mixed into the item sets claims draw: tasks whose sets are fixed by the
 * upload keep their sets as they are. Gold items are not bound by annotations_per_item (any
 * number of workers answer them) and claims of ordinary items pass them over, so the two never
 * compete for a slot.
 */

/**
 * How many slots of a set of `setSize` a gold share of `sharePercent` plans for gold: rounded,
 * at least one when the share is above zero. The ordinary part of the set keeps at least one
 * slot, so a set of one item with a share gets one gold item besides it.
 */
export function plannedGoldSlots(setSize: number, sharePercent: number): number {
  if (sharePercent <= 0) return 0
  return Math.max(1, Math.round((setSize * sharePercent) / 100))
}

/**
 * How many gold items go with `ordinary` items taken, so that gold makes about `sharePercent`
 * of the whole set: at least one when the share is above zero.
 */
export function goldSlotsBeside(ordinary: number, sharePercent: number): number {
  if (sharePercent <= 0 || ordinary <= 0) return 0
  return Math.max(1, Math.round((ordinary * sharePercent) / (100 - sharePercent)))
}

/** The gold items of the task the worker never had in a set (met) nor answered, fewest answered first. */
async function unmetGoldItems(db: Db, taskId: number, userId: number, limit: number) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.taskId, taskId),
        eq(items.isGold, true),
        sql`not exists (
          select 1 from ${itemSetItems} s join ${itemSets} st on st.id = s.item_set_id
          where s.item_id = ${items.id} and st.user_id = ${userId})`,
        sql`not exists (
          select 1 from ${annotations} a where a.item_id = ${items.id} and a.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(items.doneAnnotations), asc(items.position))
    .limit(limit)
  return rows.map((row) => row.id)
}

type Slot = { itemId: number; position: number }

/**
 * A slot position for a gold item of id `goldId` among the ordinary slots, which the set lists
 * by (position, item id): the position of an ordinary slot chosen at random among those that put
 * the gold item after some ordinary item and before another, so neither its place nor its
 * neighbours single it out. With one ordinary item there is no between: first or last at random.
 */
export function goldSlotPosition(goldId: number, ordinary: Slot[]): number {
  const before = (position: number, slot: Slot) =>
    slot.position < position || (slot.position === position && slot.itemId < goldId)
  const between = ordinary.filter(
    ({ position }) =>
      ordinary.some((slot) => before(position, slot)) &&
      ordinary.some((slot) => !before(position, slot)),
  )
  const choices = between.length > 0 ? between : ordinary
  const chosen = choices[randomInt(choices.length)]
  if (!chosen) throw new Error('a gold slot needs ordinary slots beside it')
  return chosen.position
}

/**
 * Adds the gold share of the set (claimed by the worker, with its ordinary slots taken) from the
 * task's gold items the worker has not met. The worker's claims are serialized
 * (lockWorkerClaims), so two of their claims cannot both pick one gold item; other workers'
 * claims need not wait, gold items having no limit of holders. Answers how many it added.
 */
export async function mixGoldIntoSet(
  db: Db,
  set: { id: number; taskId: number; userId: number },
  sharePercent: number,
): Promise<number> {
  const ordinary = await db
    .select({ itemId: itemSetItems.itemId, position: itemSetItems.position })
    .from(itemSetItems)
    .where(eq(itemSetItems.itemSetId, set.id))
  const wanted = goldSlotsBeside(ordinary.length, sharePercent)
  if (wanted === 0) return 0
  const goldIds = await unmetGoldItems(db, set.taskId, set.userId, wanted)
  if (goldIds.length === 0) return 0
  await db.insert(itemSetItems).values(
    goldIds.map((itemId) => ({
      itemSetId: set.id,
      itemId,
      position: goldSlotPosition(itemId, ordinary),
    })),
  )
  return goldIds.length
}
