import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { DEFAULT_MERGE_THRESHOLD_SECONDS } from '../../../contract/worktime-rules'
import type { Db, Tx } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import { activitySamples, activityTransitions, tasks, taskTypes } from '../../db/schema'
import type { ActivityEvent } from '../../db/schema/timelogs'
import { type BuildSample, MAX_SAMPLE_SPAN_SECONDS } from './interval-builder'

export type SampleRow = typeof activitySamples.$inferInsert

export type StoredRefs = {
  itemSetId: number | null
  taskId: number | null
  protocolId: number | null
}

/**
 * Stores the samples; a uuid the user already sent is skipped. Answers the stored uuids with the
 * references kept (those naming nothing any more are dropped). The rows
 * go as one JSON parameter (jsonb_to_recordset): a batch of hundreds is one short statement.
 */
export async function insertSamples(tx: Tx, rows: SampleRow[]): Promise<Map<string, StoredRefs>> {
  if (rows.length === 0) return new Map()
  const records = rows.map((row) => ({
    user_id: row.userId,
    client_uuid: row.clientUuid,
    mouse_moves: row.mouseMoves ?? 0,
    mouse_clicks: row.mouseClicks ?? 0,
    key_clicks: row.keyClicks ?? 0,
    url: row.url ?? '',
    source: row.source,
    item_set_id: row.itemSetId ?? null,
    task_id: row.taskId ?? null,
    protocol_id: row.protocolId ?? null,
    client_timestamp: row.clientTimestamp,
    start_at: row.startAt,
    end_at: row.endAt,
    clock_offset_ms: row.clockOffsetMs ?? 0,
    is_real: row.isReal,
    pending_reason: row.pendingReason ?? null,
  }))
  const stored = await selectRows<{
    uuid: string
    item_set_id: number | null
    task_id: number | null
    protocol_id: number | null
  }>(
    tx,
    sql`insert into activity_samples (user_id, client_uuid, mouse_moves, mouse_clicks, key_clicks,
          url, source, item_set_id, task_id, protocol_id, client_timestamp, start_at, end_at,
          clock_offset_ms, is_real, pending_reason)
        select r.user_id, r.client_uuid, r.mouse_moves, r.mouse_clicks, r.key_clicks, r.url,
          r.source,
          -- What a sample names may have been deleted while it waited offline: it is kept
          -- without the reference rather than refused.
          (select s.id from item_sets s where s.id = r.item_set_id),
          (select t.id from tasks t where t.id = r.task_id),
          (select p.id from task_protocols p where p.id = r.protocol_id),
          r.client_timestamp, r.start_at, r.end_at, r.clock_offset_ms, r.is_real, r.pending_reason
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(user_id int,
          client_uuid uuid, mouse_moves int, mouse_clicks int, key_clicks int, url text,
          source text, item_set_id int, task_id int, protocol_id int, client_timestamp timestamptz,
          start_at timestamptz, end_at timestamptz, clock_offset_ms int, is_real boolean,
          pending_reason text)
        on conflict (user_id, client_uuid) do nothing
        returning client_uuid as uuid, item_set_id, task_id, protocol_id`,
  )
  return new Map(
    stored.map((row) => [
      row.uuid,
      { itemSetId: row.item_set_id, taskId: row.task_id, protocolId: row.protocol_id },
    ]),
  )
}

/** How the server timed samples sent before (for the receipts of replays). */
export function storedSampleTimings(tx: Tx, userId: number, uuids: string[]) {
  return tx
    .select({
      uuid: activitySamples.clientUuid,
      clockOffsetMs: activitySamples.clockOffsetMs,
      pendingReason: activitySamples.pendingReason,
    })
    .from(activitySamples)
    .where(and(eq(activitySamples.userId, userId), inArray(activitySamples.clientUuid, uuids)))
}

export async function insertTransition(
  db: Db,
  row: {
    userId: number
    clientUuid: string
    sourceEvent: ActivityEvent
    targetEvent: ActivityEvent
    clientTimestamp: Date
  },
): Promise<boolean> {
  const stored = await db
    .insert(activityTransitions)
    .values(row)
    .onConflictDoNothing({ target: [activityTransitions.userId, activityTransitions.clientUuid] })
    .returning({ id: activityTransitions.id })
  return stored.length > 0
}

/** Where the user's stored real activity starts last: new samples after it only extend. */
export async function latestRealSampleStart(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ start: activitySamples.startAt })
    .from(activitySamples)
    .where(and(eq(activitySamples.userId, userId), eq(activitySamples.isReal, true)))
    .orderBy(desc(activitySamples.startAt))
    .limit(1)
  return row?.start.getTime() ?? null
}

/** Merge thresholds (seconds) of the tasks' types; tasks without one are left out. */
export async function taskThresholds(tx: Tx, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, number>()
  const rows = await tx
    .select({ taskId: tasks.id, threshold: taskTypes.customTimelogsMergeThreshold })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(inArray(tasks.id, taskIds))
  return new Map(
    rows.flatMap((row) => (row.threshold === null ? [] : [[row.taskId, row.threshold] as const])),
  )
}

export type LoadedSample = BuildSample & { thresholdSeconds: number }

/** The user's real-activity samples overlapping the window, with their merge thresholds. */
export async function realSamplesBetween(
  tx: Tx,
  userId: number,
  from: Date,
  to: Date,
): Promise<LoadedSample[]> {
  const rows = await tx
    .select({
      uuid: activitySamples.clientUuid,
      start: activitySamples.startAt,
      end: activitySamples.endAt,
      source: activitySamples.source,
      itemSetId: activitySamples.itemSetId,
      taskId: activitySamples.taskId,
      protocolId: activitySamples.protocolId,
      url: activitySamples.url,
      pendingReason: activitySamples.pendingReason,
      threshold: taskTypes.customTimelogsMergeThreshold,
    })
    .from(activitySamples)
    .leftJoin(tasks, eq(tasks.id, activitySamples.taskId))
    .leftJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(
      and(
        eq(activitySamples.userId, userId),
        eq(activitySamples.isReal, true),
        sql`${activitySamples.endAt} >= ${from.toISOString()}::timestamptz`,
        // A sample spans at most MAX_SAMPLE_SPAN_SECONDS, so this bound keeps the index range short.
        sql`${activitySamples.startAt} >= ${new Date(from.getTime() - MAX_SAMPLE_SPAN_SECONDS * 1000).toISOString()}::timestamptz`,
        sql`${activitySamples.startAt} <= ${to.toISOString()}::timestamptz`,
      ),
    )
  return rows.map((row) => ({
    uuid: row.uuid,
    startMs: row.start.getTime(),
    endMs: row.end.getTime(),
    source: row.source,
    itemSetId: row.itemSetId,
    taskId: row.taskId,
    protocolId: row.protocolId,
    url: row.url,
    pendingReason: row.pendingReason ?? null,
    thresholdSeconds: row.threshold ?? DEFAULT_MERGE_THRESHOLD_SECONDS,
  }))
}
