import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { prepareRaw } from '../../db/prepared'
import {
  activitySamples,
  annotations,
  itemSets,
  reviewItems,
  tasks,
  taskTypes,
} from '../../db/schema'
import { MAX_SAMPLE_SPAN_SECONDS } from '../timelogs/interval-builder'

/**
 * Activity-backed flags of done work (contract/quality.ts QUALITY_FLAGS), judged on the server
 * from the worker's activity samples only.
 *
 * The done mark of an annotation, on the server's clock, is when it was marked done on the
 * device, moved onto the server's clock by the offset measured on the samples that device sent
 * around the mark's arrival (the one received nearest to it, within CLOCK_PAIRING_SECONDS), and
 * never later than the mark's arrival (annotations.locked_at) nor earlier than the set's
 * hand-out. Without such a sample, or when that sample's clock was not trusted (pending reason
 * CLOCK_OFFSET, the work-time rule), the arrival is the mark. So a device is trusted exactly as
 * far as its samples are: an offline replay keeps the times the work was done, and no mark lies
 * after it reached the server or before the set was handed out.
 *
 * The item's opening is the later of the set's hand-out (item_sets.created_at) and the worker's
 * previous done mark in the same set: the annotate page reports nothing per item, and a set's
 * items are worked one after the other, so an item's work starts when the one before is done.
 *
 * - NO_ACTIVITY: no real sample of the worker naming the set, with a trusted clock, overlaps the
 *   item's opening to its done mark.
 * - TOO_FAST: the done mark came less than the task type's min_seconds_per_item after the
 *   opening (null: never).
 *
 * Flagged work is drawn for review whatever the task type's sampling (when its review is
 * enabled); a draw made only for the flags is withdrawn while no reviewer holds it when the flags
 * clear (a sample sent after the mark, as the tracker sends one a minute). Annotations not done
 * carry no flags: taking one back clears them (a trigger, migration quality_flags_cleared); its
 * review item stays, as a sampled one does.
 */
export const CLOCK_PAIRING_SECONDS = 600

const seconds = (value: number) => sql.raw(`make_interval(secs => ${value})`)

/**
 * The statement that judges the annotations `chosen` (a query of annotation ids) and stores
 * their flags.
 */
function judgement(chosen: SQL): SQL {
  return sql`
    with chosen as (${chosen}),
    sets as (
      select distinct a.item_set_id from ${annotations} a join chosen c on c.id = a.id
    ),
    marks as (
      select a.id, a.item_id, a.item_set_id, a.user_id, st.task_id, tt.review_enabled,
        tt.min_seconds_per_item, st.created_at as handed_out_at,
        greatest(st.created_at, least(a.locked_at,
          a.client_updated_at - make_interval(secs => device.clock_offset_ms / 1000.0)))
          as mark_at
      from ${annotations} a
      join sets on sets.item_set_id = a.item_set_id
      join ${itemSets} st on st.id = a.item_set_id
      join ${tasks} t on t.id = st.task_id
      join ${taskTypes} tt on tt.id = t.task_type_id
      left join lateral (
        select case when s.pending_reason = 'CLOCK_OFFSET' then null else s.clock_offset_ms end
          as clock_offset_ms
        from ${activitySamples} s
        where s.user_id = a.user_id
          and s.received_at between a.locked_at - ${seconds(CLOCK_PAIRING_SECONDS)}
            and a.locked_at + ${seconds(CLOCK_PAIRING_SECONDS)}
        order by abs(extract(epoch from s.received_at - a.locked_at)), s.id
        limit 1
      ) device on true
      where a.is_done
    ),
    opened as (
      select m.*, greatest(m.handed_out_at,
        lag(m.mark_at) over (partition by m.item_set_id order by m.mark_at, m.id)) as opened_at
      from marks m
    ),
    judged as (
      select o.id, o.item_id, o.task_id, o.user_id, o.review_enabled,
        array_remove(array[
          case when not exists (
            select 1 from ${activitySamples} s
            where s.user_id = o.user_id and s.item_set_id = o.item_set_id and s.is_real
              and s.pending_reason is distinct from 'CLOCK_OFFSET'
              and s.start_at >= o.opened_at - ${seconds(MAX_SAMPLE_SPAN_SECONDS)}
              and s.start_at <= o.mark_at and s.end_at >= o.opened_at)
            then 'NO_ACTIVITY' end,
          case when o.mark_at < o.opened_at + make_interval(secs => o.min_seconds_per_item)
            then 'TOO_FAST' end
        ]::text[], null) as flags
      from opened o join chosen c on c.id = o.id
    ),
    flagged as (
      update ${annotations} a set quality_flags = j.flags
      from judged j
      where a.id = j.id and a.quality_flags is distinct from j.flags
    ),
    drawn as (
      insert into ${reviewItems} (item_id, annotation_id, task_id, user_id, drawn_for_flags)
      select j.item_id, j.id, j.task_id, j.user_id, true
      from judged j
      where j.review_enabled and cardinality(j.flags) > 0
      on conflict (annotation_id) do nothing
    )
    delete from ${reviewItems} r
    using chosen c
    where r.annotation_id = c.id and r.drawn_for_flags and r.status = 'PENDING'
      and r.reviewer_id is null
      and not exists (select 1 from judged j where j.id = c.id and cardinality(j.flags) > 0)`
}

// Runs after every save, so it is prepared (server/db/prepared.ts).
const judgeOne = judgement(
  sql`select a.id from ${annotations} a
    where a.id = ${sql.placeholder('annotationId')} and a.is_done`,
)

// Runs on every send of activity samples.
const rejudgeFlagged = judgement(
  sql`select a.id from ${annotations} a
    where a.user_id = ${sql.placeholder('userId')}
      and a.item_set_id = any(${sql.placeholder('itemSetIds')}::int[])
      and a.is_done and a.quality_flags <> '{}'`,
)

/**
 * Judges a done annotation after its save: its flags, and a draw for review when flagged. An
 * annotation taken back loses its flags in the database (migration 0015, a trigger), so a draft
 * save needs no call.
 */
export async function judgeActivityFlags(db: Db, annotationId: number) {
  await prepareRaw(db, 'judge_activity_flags', judgeOne).execute({ annotationId })
}

/**
 * Judges again the flagged done work of the worker in the sets that samples just stored name:
 * a sample sent after the done mark (the tracker's next send, or an outbox replay) can vouch for
 * it, and its clock offset can place a mark made offline.
 */
export async function rejudgeFlaggedWork(db: Db, userId: number, itemSetIds: number[]) {
  if (itemSetIds.length === 0) return
  await prepareRaw(db, 'rejudge_flagged_work', rejudgeFlagged).execute({
    userId,
    itemSetIds: `{${itemSetIds.join(',')}}`,
  })
}
