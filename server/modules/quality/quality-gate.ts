import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { annotations, items, qualityStops, tasks } from '../../db/schema'
import type { WebhookEvents } from '../webhooks/events'

/** Advisory lock class of a worker's quality gate; the key is the worker's id. */
const GATE_LOCK_CLASS = 4_002

export type GateSettings = {
  id: number
  clientGroupId: number
  goldWindow: number
  minGoldAccuracy: number | null
  minGoldAnswers: number
}

/**
 * The worker's gold record for the task type since their latest release: how many done gold
 * answers they made (by when each was last marked done), and the accuracy (share of gold_correct)
 * over the latest `goldWindow` of them; null accuracy without answers.
 */
export async function goldRecordSinceRelease(
  db: Db,
  userId: number,
  taskTypeId: number,
  goldWindow: number,
) {
  const result = (await db.execute(sql`
    with released as (
      select max(${qualityStops.releasedAt}) as at from ${qualityStops}
      where ${qualityStops.userId} = ${userId} and ${qualityStops.taskTypeId} = ${taskTypeId}
    ),
    answers as (
      select a.gold_correct, a.locked_at, a.id
      from ${annotations} a
      join ${items} i on i.id = a.item_id
      join ${tasks} t on t.id = i.task_id
      where a.user_id = ${userId} and t.task_type_id = ${taskTypeId} and i.is_gold
        and a.is_done and a.gold_correct is not null
        and a.locked_at > coalesce((select at from released), '-infinity'::timestamptz)
    ),
    recent as (select gold_correct from answers order by locked_at desc, id desc limit ${goldWindow})
    select (select count(*) from answers)::int as answers,
      (select count(*) from recent)::int as recent,
      (select count(*) from recent where gold_correct)::int as correct`)) as unknown as {
    rows: { answers: number; recent: number; correct: number }[]
  }
  const row = result.rows[0] ?? { answers: 0, recent: 0, correct: 0 }
  return {
    answers: Number(row.answers),
    accuracy: Number(row.recent) > 0 ? Number(row.correct) / Number(row.recent) : null,
  }
}

/**
 * The gate, after a done gold answer of the worker was scored: with min_gold_accuracy set, a
 * worker with at least min_gold_answers gold answers since their latest release whose accuracy
 * over the last gold_window falls below it is stopped (one quality_stops row while not released).
 * The worker's lock keeps two of their saves from stopping them twice. A stop is told to the
 * task type's client group as `quality.worker_stopped`, in the same transaction.
 */
export async function applyQualityGate(
  db: Tx,
  events: WebhookEvents,
  userId: number,
  taskType: GateSettings,
): Promise<void> {
  if (taskType.minGoldAccuracy === null) return
  await db.execute(sql`select pg_advisory_xact_lock(${GATE_LOCK_CLASS}::int, ${userId}::int)`)
  if (await openStop(db, userId, taskType.id)) return
  const record = await goldRecordSinceRelease(db, userId, taskType.id, taskType.goldWindow)
  if (record.accuracy === null || record.answers < taskType.minGoldAnswers) return
  if (record.accuracy >= taskType.minGoldAccuracy) return
  const [stop] = await db
    .insert(qualityStops)
    .values({
      userId,
      taskTypeId: taskType.id,
      accuracy: record.accuracy,
      goldAnswers: record.answers,
    })
    .returning({ id: qualityStops.id })
  await events.emit(db, taskType.clientGroupId, 'quality.worker_stopped', {
    quality_stop_id: stop!.id,
    user_id: userId,
    task_type_id: taskType.id,
    client_group_id: taskType.clientGroupId,
    accuracy: record.accuracy,
    gold_answers: record.answers,
    links: {
      task_type: events.link(`client/task-types/${taskType.id}/`),
      endworker_stats: events.link(`client/task-types/${taskType.id}/endworker-stats/`),
    },
  })
}

/** The worker's stop for the task type that no one released yet, if any. */
export async function openStop(db: Db, userId: number, taskTypeId: number) {
  const [row] = await db
    .select({ id: qualityStops.id, accuracy: qualityStops.accuracy })
    .from(qualityStops)
    .where(
      and(
        eq(qualityStops.userId, userId),
        eq(qualityStops.taskTypeId, taskTypeId),
        isNull(qualityStops.releasedAt),
      ),
    )
    .limit(1)
  return row
}
