import { msg } from '#lingui-message'
import type { GroupMembersPatch, GroupWithMembers } from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { fieldError, notFound, permissionDenied } from '../../http/errors'
import {
  groupMembers,
  isCoordinatorOf,
  listGroupsWithMembers,
  listProjectRefs,
  listTaskTypeRefs,
  lockGroup,
  replaceGroupMembers,
} from './groups-queries'
import { userIdsInScope } from './users-queries'
import { coordinatorScope } from './users-service'

export async function groupsWithMembers(db: Db, user: SessionUser): Promise<GroupWithMembers[]> {
  const groups = await listGroupsWithMembers(db, coordinatorScope(user))
  return groups.map(({ group, members, editable }) => ({
    id: group.id,
    name: group.name,
    review_group: group.reviewGroup,
    coordination_group: group.coordinationGroup,
    task_group: group.taskGroup,
    user_set: members.map((member) => member.userId),
    members: members.map((member) => ({
      id: member.userId,
      username: member.username,
      first_name: member.firstName,
      last_name: member.lastName,
    })),
    editable,
  }))
}

/**
 * Sets a group's members. A coordinator may do it only for a group they coordinate, and only
 * with users they already coordinate (new people arrive through registration keys), so nobody
 * widens their own reach; staff for any group and user.
 */
export async function setGroupMembers(
  db: Db,
  user: SessionUser,
  groupId: number,
  patch: GroupMembersPatch,
): Promise<GroupWithMembers> {
  const scope = coordinatorScope(user)
  const userIds = [...new Set(patch.user_set)].sort((a, b) => a - b)
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) throw notFound(msg`No such group.`)
    if (scope !== null && !(await isCoordinatorOf(tx, scope, groupId))) {
      throw permissionDenied(msg`You can change the members of the groups you coordinate only.`)
    }
    const current = new Set(await groupMembers(tx, groupId))
    const added = userIds.filter((id) => !current.has(id))
    const allowed = await userIdsInScope(tx, scope, added)
    const refused = added.filter((id) => !allowed.has(id))
    if (refused.length > 0) {
      throw fieldError(
        'user_set',
        scope === null
          ? msg({ message: 'Unknown user id: {ids}.' })
          : msg({ message: 'Not among the users you coordinate: {ids}.' }),
        { ids: refused.join(', ') },
      )
    }
    await replaceGroupMembers(tx, groupId, userIds)
  })
  const groups = await groupsWithMembers(db, user)
  const group = groups.find((entry) => entry.id === groupId)
  if (!group) throw new Error(`group ${groupId} vanished`)
  return group
}

export function taskTypeRefs(db: Db, user: SessionUser) {
  return listTaskTypeRefs(db, coordinatorScope(user))
}

export function projectRefs(db: Db, user: SessionUser) {
  return listProjectRefs(db, coordinatorScope(user))
}
