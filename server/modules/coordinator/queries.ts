import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { APPROVAL_STATUS } from '../../../contract/auth'
import type { Db } from '../../db/client'
import {
  approvals,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerProfiles,
  groupCoordinators,
  profileLanguages,
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

/**
 * A user needs the coordinator's attention when they are not an end worker, have no languages
 * or native languages set, or wait for a profile approval (the spec's user alerts).
 */
export const hasAlertsCondition: SQL = sql`(
  not ('endworker' = any(${users.roles}))
  or not exists (
    select 1 from ${profileLanguages} join ${endworkerProfiles} on ${endworkerProfiles.id} = ${profileLanguages.profileId}
    where ${endworkerProfiles.userId} = ${users.id} and not ${profileLanguages.isNative})
  or not exists (
    select 1 from ${profileLanguages} join ${endworkerProfiles} on ${endworkerProfiles.id} = ${profileLanguages.profileId}
    where ${endworkerProfiles.userId} = ${users.id} and ${profileLanguages.isNative})
  or exists (
    select 1 from ${approvals} where ${approvals.userId} = ${users.id} and ${approvals.status} = ${APPROVAL_STATUS.PENDING})
)`

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
