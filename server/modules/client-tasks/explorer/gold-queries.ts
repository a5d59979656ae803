import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { goldAnswers, items, tasks, users } from '../../../db/schema'

/** The task's item, locked for the change of its gold state; undefined for another task's. */
export async function lockTaskItem(db: Db, taskId: number, itemId: number) {
  const [row] = await db
    .select({ id: items.id, data: items.data, isGold: items.isGold })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.taskId, taskId)))
    .for('update')
  return row
}

/** Sets the item's expected answer and its gold flag; items_total follows the flag. */
export async function makeGold(
  db: Db,
  item: { id: number; taskId: number; wasGold: boolean },
  expected: Record<string, unknown>,
  setById: number,
) {
  await db
    .insert(goldAnswers)
    .values({ itemId: item.id, expected, setById })
    .onConflictDoUpdate({
      target: goldAnswers.itemId,
      set: { expected, setById, setAt: sql`now()` },
    })
  if (item.wasGold) return
  await db.update(items).set({ isGold: true }).where(eq(items.id, item.id))
  await db
    .update(tasks)
    .set({ itemsTotal: sql`greatest(${tasks.itemsTotal} - 1, 0)` })
    .where(eq(tasks.id, item.taskId))
}

/** Makes a gold item ordinary again: it counts in items_total once more. */
export async function makeOrdinary(db: Db, item: { id: number; taskId: number }) {
  await db.delete(goldAnswers).where(eq(goldAnswers.itemId, item.id))
  await db.update(items).set({ isGold: false }).where(eq(items.id, item.id))
  await db
    .update(tasks)
    .set({ itemsTotal: sql`${tasks.itemsTotal} + 1` })
    .where(eq(tasks.id, item.taskId))
}

export async function goldAnswerOf(db: Db, itemId: number) {
  const [row] = await db
    .select({
      itemId: goldAnswers.itemId,
      expected: goldAnswers.expected,
      setAt: goldAnswers.setAt,
      setBy: { id: users.id, username: users.username },
    })
    .from(goldAnswers)
    .leftJoin(users, eq(users.id, goldAnswers.setById))
    .where(eq(goldAnswers.itemId, itemId))
  return row
}
