import { and, count, eq, inArray, or } from 'drizzle-orm'
import { hasPermission } from '../../../contract/roles'
import type { Db } from '../../db/client'
import { groupCoordinators, timeLogIntervals, users } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { coordinatedUserIds } from '../coordinator/queries'

/** Who may see whose logs: everyone their own, coordinators their groups' users, staff all. */
export type LogScope = { userId: number; coordinatorId: number | null; isStaff: boolean }

export function logScopeOf(user: SessionUser): LogScope {
  return {
    userId: user.id,
    coordinatorId: hasPermission(user.roles, 'coordinator') ? user.id : null,
    isStaff: user.roles.includes('staff'),
  }
}

/** The condition keeping intervals of users the caller may see. */
export function visibleUsers(
  db: Db,
  scope: LogScope,
  column: typeof users.id | typeof timeLogIntervals.userId = timeLogIntervals.userId,
) {
  if (scope.isStaff) return undefined
  if (scope.coordinatorId === null) return eq(column, scope.userId)
  return or(eq(column, scope.userId), inArray(column, coordinatedUserIds(db, scope.coordinatorId)))
}

/** Which of the users the caller may see. */
export async function visibleUserIds(db: Db, scope: LogScope, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>()
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), visibleUsers(db, scope, users.id)))
  return new Set(rows.map((row) => row.id))
}

export async function userIsVisible(db: Db, scope: LogScope, userId: number) {
  if (scope.isStaff || userId === scope.userId) return true
  if (scope.coordinatorId === null) return false
  return (await visibleUserIds(db, scope, [userId])).has(userId)
}

export async function coordinatesGroup(db: Db, coordinatorId: number, groupId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(groupCoordinators)
    .where(and(eq(groupCoordinators.userId, coordinatorId), eq(groupCoordinators.groupId, groupId)))
  return (row?.value ?? 0) > 0
}
