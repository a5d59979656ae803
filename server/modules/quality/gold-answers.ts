import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { annotations, goldAnswers, items, taskSchemas, tasks, taskTypes } from '../../db/schema'
import type { WebhookEvents } from '../webhooks/events'
import { scoreGoldAnswer } from './gold-scoring'
import { applyQualityGate } from './quality-gate'

/**
 * What follows a stored write of an annotation, in the save's transaction: when its item is
 * gold, the annotation is scored (done) or its score cleared (not done), and a done answer goes
 * to the quality gate. Annotations of ordinary items are left alone. One call for every path an
 * annotation becomes done or is edited by, an outbox replay included.
 */
export async function judgeGoldAnswer(
  db: Tx,
  events: WebhookEvents,
  annotationId: number,
): Promise<void> {
  const [row] = await db
    .select({
      userId: annotations.userId,
      data: annotations.data,
      isDone: annotations.isDone,
      expected: goldAnswers.expected,
      document: taskSchemas.schema,
      taskType: {
        id: taskTypes.id,
        clientGroupId: taskTypes.clientGroupId,
        goldTextMaxCer: taskTypes.goldTextMaxCer,
        goldWindow: taskTypes.goldWindow,
        minGoldAccuracy: taskTypes.minGoldAccuracy,
        minGoldAnswers: taskTypes.minGoldAnswers,
      },
    })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .innerJoin(goldAnswers, eq(goldAnswers.itemId, items.id))
    .innerJoin(tasks, eq(tasks.id, items.taskId))
    .innerJoin(taskSchemas, eq(taskSchemas.id, tasks.schemaId))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(sql`${annotations.id} = ${annotationId} and ${items.isGold}`)
  if (!row) return
  const result = row.isDone
    ? scoreGoldAnswer(row.document, row.expected, row.data, {
        textMaxCer: row.taskType.goldTextMaxCer,
      })
    : null
  await db
    .update(annotations)
    .set({ goldScore: result?.score ?? null, goldCorrect: result?.correct ?? null })
    .where(eq(annotations.id, annotationId))
  if (result) await applyQualityGate(db, events, row.userId, row.taskType)
}
