import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { goldAnswers, items } from '../../db/schema'

/**
 * Makes items gold straight in the database, as an upload or "Use as gold" would: the flag on
 * the item and its expected answer. Scores and flags of annotations are seeded with them
 * (goldCorrect, goldScore, qualityFlags in the annotation seeds of seedTask).
 */
export async function markGold(
  db: Db,
  itemIds: readonly number[],
  expected: Record<string, unknown> = {},
) {
  if (itemIds.length === 0) return
  await db
    .update(items)
    .set({ isGold: true })
    .where(inArray(items.id, [...itemIds]))
  await db.insert(goldAnswers).values(itemIds.map((itemId) => ({ itemId, expected })))
}
