import { type SQL, sql } from 'drizzle-orm'
import type { SessionUser } from '../../http/augment'

/**
 * Whose work a reviewer may see: staff everyone's; a reviewer the work of the members of the
 * groups whose review group (endworker_groups.reviewed_by_group_id, a group flagged review_group)
 * they belong to, and of the groups those groups manage as coordination groups. Nobody reviews
 * their own annotations.
 */
export type ReviewScope = { reviewerId: number; everyone: boolean }

export const reviewScopeOf = (user: SessionUser): ReviewScope => ({
  reviewerId: user.id,
  everyone: user.roles.includes('staff'),
})

/** The groups whose members' work the reviewer reviews. */
export function reviewedGroupIds(reviewerId: number): SQL {
  const reviewedBy = sql`
    join endworker_groups rg on rg.id = g.reviewed_by_group_id and rg.review_group
    join endworker_group_members rm on rm.group_id = rg.id and rm.user_id = ${reviewerId}`
  return sql`
    select g.id from endworker_groups g ${reviewedBy}
    union
    select cm.managed_group_id from coordination_managed_groups cm
    join endworker_groups g on g.id = cm.coordination_group_id ${reviewedBy}`
}

/** A condition on the author column `author` (a review item's user_id) for the scope. */
export function authorInScope(scope: ReviewScope, author: SQL): SQL {
  const notOwn = sql`${author} <> ${scope.reviewerId}`
  if (scope.everyone) return notOwn
  return sql`${notOwn} and ${author} in (
    select m.user_id from endworker_group_members m
    where m.group_id in (${reviewedGroupIds(scope.reviewerId)}))`
}
