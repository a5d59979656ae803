import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { APPROVAL_STATUS } from '../../../contract/auth'
import type { UserAlert } from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import {
  approvals,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  groupCoordinators,
  profileLanguages,
  qualityStops,
  timeLogIntervals,
  users,
} from '../../db/schema'
import { TIMELOG_STATUS } from '../../db/schema/enums'

/**
 * The users a coordinator may see: members of the groups they coordinate and of the groups those
 * coordination groups manage. Staff see everyone (null: no restriction).
 */
export function coordinatedUserIds(db: Db, coordinatorId: number) {
  const coordinated = db
    .select({ groupId: groupCoordinators.groupId })
    .from(groupCoordinators)
    .where(eq(groupCoordinators.userId, coordinatorId))
  const managed = db
    .select({ groupId: coordinationManagedGroups.managedGroupId })
    .from(coordinationManagedGroups)
    .where(inArray(coordinationManagedGroups.coordinationGroupId, coordinated))
  return db
    .selectDistinct({ userId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(
      or(
        inArray(endworkerGroupMembers.groupId, coordinated),
        inArray(endworkerGroupMembers.groupId, managed),
      ),
    )
}

/** Members of the coordination group and of the groups it manages. */
export function groupMemberIds(db: Db, groupId: number) {
  const managed = db
    .select({ groupId: coordinationManagedGroups.managedGroupId })
    .from(coordinationManagedGroups)
    .where(eq(coordinationManagedGroups.coordinationGroupId, groupId))
  return db
    .select({ userId: endworkerGroupMembers.userId })
    .from(endworkerGroupMembers)
    .where(
      or(
        eq(endworkerGroupMembers.groupId, groupId),
        inArray(endworkerGroupMembers.groupId, managed),
      ),
    )
}

const hasProfileLanguage = (native: boolean) => sql`exists (
  select 1 from ${profileLanguages} join ${endworkerProfiles} on ${endworkerProfiles.id} = ${profileLanguages.profileId}
  where ${endworkerProfiles.userId} = ${users.id} and ${profileLanguages.isNative} = ${native})`

/** Each alert of the spec as a condition on the `users` row. */
export const alertConditions: Record<UserAlert, SQL> = {
  NOT_END_WORKER: sql`not ('endworker' = any(${users.roles}))`,
  NO_LANGUAGE_SET: sql`not ${hasProfileLanguage(false)}`,
  NO_NATIVE_LANGUAGE_SET: sql`not ${hasProfileLanguage(true)}`,
  PROFILE_UNDER_APPROVAL: sql`exists (
    select 1 from ${approvals} where ${approvals.userId} = ${users.id} and ${approvals.status} = ${APPROVAL_STATUS.PENDING})`,
  LOW_QUALITY: sql`exists (
    select 1 from ${qualityStops}
    where ${qualityStops.userId} = ${users.id} and ${qualityStops.releasedAt} is null)`,
}

/**
 * A user needs the coordinator's attention when they are not an end worker, have no languages
 * or native languages set, wait for a profile approval (the spec's user alerts), or the quality
 * gate stopped them.
 */
export const hasAlertsCondition: SQL = sql`(${sql.join(Object.values(alertConditions), sql` or `)})`

export async function countCoordinatorCounters(db: Db, coordinatorId: number | null) {
  const inScope = (
    column: typeof users.id | typeof approvals.userId | typeof timeLogIntervals.userId,
  ) => (coordinatorId === null ? undefined : inArray(column, coordinatedUserIds(db, coordinatorId)))

  const [alerts] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.isActive, true), hasAlertsCondition, inScope(users.id)))
  const [pendingApprovals] = await db
    .select({ value: count() })
    .from(approvals)
    .where(and(eq(approvals.status, APPROVAL_STATUS.PENDING), inScope(approvals.userId)))
  const [pendingLogs] = await db
    .select({ value: count() })
    .from(timeLogIntervals)
    .where(
      and(eq(timeLogIntervals.status, TIMELOG_STATUS.PENDING), inScope(timeLogIntervals.userId)),
    )
  return {
    users_with_alerts: alerts?.value ?? 0,
    pending_profile_approvals: pendingApprovals?.value ?? 0,
    pending_time_logs: pendingLogs?.value ?? 0,
  }
}

/** Coordination groups by name, with the groups each manages: the caller's, or all for null. */
export async function listCoordinationGroups(db: Db, coordinatorId: number | null) {
  const groups = await db
    .select()
    .from(endworkerGroups)
    .where(
      and(
        eq(endworkerGroups.coordinationGroup, true),
        coordinatorId === null
          ? undefined
          : inArray(
              endworkerGroups.id,
              db
                .select({ groupId: groupCoordinators.groupId })
                .from(groupCoordinators)
                .where(eq(groupCoordinators.userId, coordinatorId)),
            ),
      ),
    )
    .orderBy(endworkerGroups.name, endworkerGroups.id)
  if (groups.length === 0) return []
  const managedGroups = alias(endworkerGroups, 'managed_groups')
  const managed = await db
    .select({
      coordinationGroupId: coordinationManagedGroups.coordinationGroupId,
      id: managedGroups.id,
      name: managedGroups.name,
    })
    .from(coordinationManagedGroups)
    .innerJoin(managedGroups, eq(managedGroups.id, coordinationManagedGroups.managedGroupId))
    .where(
      inArray(
        coordinationManagedGroups.coordinationGroupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(managedGroups.name)
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    review_group: group.reviewGroup,
    coordination_group: group.coordinationGroup,
    task_group: group.taskGroup,
    managed_groups: managed
      .filter((row) => row.coordinationGroupId === group.id)
      .map(({ id, name }) => ({ id, name })),
  }))
}
