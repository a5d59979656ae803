import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { goldAnswers, items } from '../../db/schema'

/**
 * Makes items gold the way an upload or "Use as gold" leaves them: items.is_gold set and the
 * expected answer (by annotation field name) in gold_answers.
 */
export async function makeGold(
  db: Db,
  itemIds: number[],
  expected: Record<string, unknown> = { transcript: 'gold' },
): Promise<void> {
  if (itemIds.length === 0) return
  await db.transaction(async (tx) => {
    await tx.update(items).set({ isGold: true }).where(inArray(items.id, itemIds))
    await tx.insert(goldAnswers).values(itemIds.map((itemId) => ({ itemId, expected })))
  })
}
