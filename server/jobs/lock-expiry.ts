import { sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Db } from '../db/client'
import { annotations, itemSetItems, itemSets } from '../db/schema'
import type { JobContext } from './queue'

export const LOCK_EXPIRY_QUEUE = 'item-sets.release-expired'
const LOCK_EXPIRY_SCHEDULE = '* * * * *'

export type ReleaseResult = { slots: number; itemSets: number; drafts: number }

/**
 * Gives the unfinished items of item sets whose lock ended (by `now`, the database's clock by
 * default) back to the pool: their slots are deleted, with the worker's not-done drafts of
 * them, which nobody can save any more (a save into an expired set answers 410). Done
 * annotations keep their slots, and the set keeps its worker: it shows them their done items.
 * Fixed sets become claimable again the same way, since a fixed set's availability is that of
 * its items.
 *
 * Claims do not wait for this: they count a slot of an expired set as free already. Releasing
 * keeps the expired sets' listings to their done items and the slots table small. Slots locked
 * by a concurrent run are passed over and left to the next one.
 */
export async function releaseExpiredItemSets(
  db: Db,
  { now, itemSetId }: { now?: Date; itemSetId?: number } = {},
): Promise<ReleaseResult> {
  const cutoff = now === undefined ? sql`now()` : sql`${now.toISOString()}::timestamptz`
  const onlySet = itemSetId === undefined ? sql`` : sql`and st.id = ${itemSetId}`
  const result = (await db.execute(sql`
    with released as (
      select s.item_set_id, s.item_id
      from ${itemSetItems} s join ${itemSets} st on st.id = s.item_set_id
      where st.lock_expiration <= ${cutoff} ${onlySet}
        and not exists (
          select 1 from ${annotations} a
          where a.item_set_id = s.item_set_id and a.item_id = s.item_id and a.is_done)
      for update of s skip locked
    ), drafts as (
      delete from ${annotations} a using released r
      where a.item_set_id = r.item_set_id and a.item_id = r.item_id and not a.is_done
      returning a.id
    ), slots as (
      delete from ${itemSetItems} s using released r
      where s.item_set_id = r.item_set_id and s.item_id = r.item_id
      returning s.item_set_id
    )
    select
      (select count(*)::int from slots) as slots,
      (select count(distinct item_set_id)::int from slots) as item_sets,
      (select count(*)::int from drafts) as drafts
  `)) as unknown as { rows: { slots: number; item_sets: number; drafts: number }[] }
  const [row] = result.rows
  return { slots: row?.slots ?? 0, itemSets: row?.item_sets ?? 0, drafts: row?.drafts ?? 0 }
}

export async function registerLockExpiryJob(boss: PgBoss, context: JobContext) {
  // Exclusive: one release queued or running at a time across every API process.
  await boss.createQueue(LOCK_EXPIRY_QUEUE, { policy: 'exclusive', retryLimit: 1 })
  await boss.schedule(LOCK_EXPIRY_QUEUE, LOCK_EXPIRY_SCHEDULE)
  await boss.work(LOCK_EXPIRY_QUEUE, { pollingIntervalSeconds: 15 }, async () => {
    await releaseExpiredItemSets(context.db)
  })
}
