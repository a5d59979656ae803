import { sql } from 'drizzle-orm'
import type { FeedbackStats, ReviewerStats } from '../../../contract/review'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import type { SessionUser } from '../../http/augment'
import { inPool, lockHolds } from './lock-state'
import { mosOf } from './mos'
import { authorInScope, reviewScopeOf } from './scope'

/** GET /review/reviewer-stats/: what the reviewer can take and holds, and their review groups. */
export async function reviewerStats(db: Db, user: SessionUser): Promise<ReviewerStats> {
  const scope = reviewScopeOf(user)
  const [counts] = await selectRows<{ available: number; locked: number }>(
    db,
    sql`select
      (select count(*)::int from review_items ri
        where ${inPool} and ${authorInScope(scope, sql`ri.user_id`)}) as available,
      (select count(*)::int from review_items ri
        where ri.reviewer_id = ${user.id} and ${lockHolds}) as locked`,
  )
  const groups = await selectRows<{
    id: number
    name: string
    reviewed_groups: { id: number; name: string }[] | null
  }>(
    db,
    sql`select g.id, g.name,
        (select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
          from endworker_groups r where r.reviewed_by_group_id = g.id) as reviewed_groups
      from endworker_groups g
      join endworker_group_members m on m.group_id = g.id and m.user_id = ${user.id}
      where g.review_group
      order by g.name`,
  )
  return {
    available_review_items: counts?.available ?? 0,
    locked_review_items: counts?.locked ?? 0,
    reviewer_in: groups.map((group) => ({
      ...group,
      reviewed_groups: group.reviewed_groups ?? [],
    })),
  }
}

type MarkSummary = { mean: number | null; stddev: number | null; count: number }

/** GET /review/feedback/stats/: the worker's MOS (skips left out), overall and for 30 days. */
export async function feedbackStats(db: Db, user: SessionUser): Promise<FeedbackStats> {
  const summary = (since: string) =>
    sql.raw(`json_build_object(
      'mean', avg(ri.mark) filter (where ri.mark > 0 ${since}),
      'stddev', stddev_samp(ri.mark) filter (where ri.mark > 0 ${since}),
      'count', count(*) filter (where ri.mark > 0 ${since}))`)
  const [row] = await selectRows<{
    all_time: MarkSummary
    last_30d: MarkSummary
    reviewed: number
    done: number
  }>(
    db,
    sql`select ${summary('')} as all_time,
        ${summary("and ri.reviewed_at > now() - interval '30 days'")} as last_30d,
        count(*)::int as reviewed,
        (select count(*)::int from annotations a where a.user_id = ${user.id} and a.is_done) as done
      from review_items ri
      where ri.user_id = ${user.id} and ri.status = 'REVIEWED'`,
  )
  const of = (s: MarkSummary | undefined) =>
    mosOf(s?.mean ?? null, s?.stddev ?? null, Number(s?.count ?? 0))
  const allTime = of(row?.all_time)
  const lastMonth = of(row?.last_30d)
  return {
    mos: allTime.mean,
    mos_30d: lastMonth.mean,
    done_annotations_count: row?.done ?? 0,
    reviewed_annotations_count: row?.reviewed ?? 0,
    mos_detail: allTime,
    mos_30d_detail: lastMonth,
  }
}
