import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { annotations, itemSets, tasks, type ValidationMessages } from '../../db/schema'

export type AnnotationWrite = {
  itemSetId: number
  itemId: number
  userId: number
  data: Record<string, unknown>
  isDone: boolean
  errors: ValidationMessages
  warnings: ValidationMessages
  info: ValidationMessages
  clientUpdatedAt: Date
}

/**
 * Inserts or updates the set's annotation of the item when this edit is newer (by the client's
 * clock) than the stored one; answers the stored row, or undefined when a newer edit is there.
 */
export async function upsertNewerAnnotation(db: Db, write: AnnotationWrite) {
  const [row] = await db
    .insert(annotations)
    .values({
      ...write,
      isValidating: false,
      lockedAt: write.isDone ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [annotations.itemSetId, annotations.itemId],
      set: {
        data: sql`excluded.data`,
        isDone: sql`excluded.is_done`,
        isValidating: false,
        errors: sql`excluded.errors`,
        warnings: sql`excluded.warnings`,
        info: sql`excluded.info`,
        modifiedAt: sql`now()`,
        clientUpdatedAt: sql`excluded.client_updated_at`,
        // The feedback list's 'Annotation edition': when the annotation was last finished.
        lockedAt: sql`case when excluded.is_done and not ${annotations.isDone} then now()
          else ${annotations.lockedAt} end`,
      },
      setWhere: or(
        isNull(annotations.clientUpdatedAt),
        lt(annotations.clientUpdatedAt, sql`excluded.client_updated_at`),
      ),
    })
    .returning()
  return row
}

export async function findAnnotation(db: Db, itemSetId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(annotations)
    .where(and(eq(annotations.itemSetId, itemSetId), eq(annotations.itemId, itemId)))
  return row
}

/**
 * Marks work on the set and its task. The task row is shared by every worker of the task, so
 * it is written at most once a second: saves do not queue behind each other on it.
 */
export async function touchActivity(db: Db, itemSetId: number, taskId: number) {
  await db.update(itemSets).set({ modifiedAt: sql`now()` }).where(eq(itemSets.id, itemSetId))
  await db
    .update(tasks)
    .set({ lastActivity: sql`now()` })
    .where(
      and(
        eq(tasks.id, taskId),
        or(isNull(tasks.lastActivity), lt(tasks.lastActivity, sql`now() - interval '1 second'`)),
      ),
    )
}
