import { msg } from '#lingui-message'
import type { ClientGroupInput, EndworkerGroupInput } from '../../../contract/admin'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  users,
} from '../../db/schema'
import { fieldError } from '../../http/errors'
import { withValues } from '../../http/i18n'
import { collectionService } from './collection-service'
import {
  clientGroupQueries,
  clientGroupUsage,
  endworkerGroupQueries,
  endworkerGroupUsage,
  replaceClientGroupMembers,
  replaceEndworkerGroupLinks,
  withClientMembers,
  withEndworkerLinks,
} from './groups-queries'
import { missingIds } from './references'

const nameTaken = msg`A group of this name exists.`

async function checkAccounts(db: Db, field: string, ids: number[]) {
  const missing = await missingIds(db, users, ids)
  if (missing.length > 0) {
    throw fieldError(field, msg({ message: 'No such accounts: {ids}.' }), {
      ids: missing.join(', '),
    })
  }
}

/** The reviewing group is another group, one flagged as a review group. */
async function checkReviewingGroup(db: Db, id: number | null, reviewingId: number | null) {
  if (reviewingId === null) return
  if (reviewingId === id) {
    throw fieldError('reviewed_by_group', msg`A group cannot review its own work: choose another.`)
  }
  // Locked against deletion until the save ends, as `missingIds` locks the other references.
  const reviewing = await endworkerGroupQueries.find(db, reviewingId, 'key share')
  if (!reviewing) {
    throw fieldError('reviewed_by_group', msg({ message: 'No such group: {id}.' }), {
      id: reviewingId,
    })
  }
  if (!reviewing.reviewGroup) {
    throw fieldError(
      'reviewed_by_group',
      msg({ message: 'The group {name} is not a review group.' }),
      { name: reviewing.name },
    )
  }
}

/** Coordinators and managed groups belong to coordination groups only. */
async function checkEndworkerGroup(db: Db, id: number | null, input: EndworkerGroupInput) {
  if (!input.coordination_group && input.coordinators.length > 0) {
    throw fieldError('coordinators', msg`Only a coordination group has coordinators.`)
  }
  if (!input.coordination_group && input.managed_groups.length > 0) {
    throw fieldError('managed_groups', msg`Only a coordination group manages other groups.`)
  }
  if (id !== null && input.managed_groups.includes(id)) {
    throw fieldError('managed_groups', msg`A group does not manage itself.`)
  }
  await checkAccounts(db, 'members', input.members)
  await checkAccounts(db, 'coordinators', input.coordinators)
  const missing = await missingIds(db, endworkerGroups, input.managed_groups)
  if (missing.length > 0) {
    throw fieldError('managed_groups', msg({ message: 'No such groups: {ids}.' }), {
      ids: missing.join(', '),
    })
  }
  await checkReviewingGroup(db, id, input.reviewed_by_group)
}

export const endworkerGroupService = collectionService({
  queries: endworkerGroupQueries,
  views: async (db, rows) =>
    (await withEndworkerLinks(db, rows)).map((row) => ({
      id: row.id,
      name: row.name,
      task_group: row.taskGroup,
      review_group: row.reviewGroup,
      coordination_group: row.coordinationGroup,
      members: row.members,
      coordinators: row.coordinators,
      managed_groups: row.managedGroups,
      reviewed_by_group: row.reviewedByGroupId,
    })),
  values: (input: EndworkerGroupInput) => ({
    name: input.name,
    taskGroup: input.task_group,
    reviewGroup: input.review_group,
    coordinationGroup: input.coordination_group,
    reviewedByGroupId: input.reviewed_by_group,
  }),
  unique: { field: 'name', of: (input) => input.name, taken: nameTaken },
  check: checkEndworkerGroup,
  references: [
    { field: 'reviewed_by_group', column: endworkerGroups.reviewedByGroupId },
    { field: 'members', column: endworkerGroupMembers.userId },
    { field: 'coordinators', column: groupCoordinators.userId },
    { field: 'managed_groups', column: coordinationManagedGroups.managedGroupId },
  ],
  link: (db, id, input) =>
    replaceEndworkerGroupLinks(db, id, {
      members: input.members,
      coordinators: input.coordinators,
      managedGroups: input.managed_groups,
    }),
  usage: endworkerGroupUsage,
  describe: (row) => withValues(msg({ message: 'The group {name}' }), { name: row.name }),
  missing: msg`No such end-worker group.`,
})

export const clientGroupService = collectionService({
  queries: clientGroupQueries,
  views: async (db, rows) =>
    (await withClientMembers(db, rows)).map((row) => ({
      id: row.id,
      name: row.name,
      full_name: row.fullName,
      members: row.members,
    })),
  values: (input: ClientGroupInput) => ({ name: input.name, fullName: input.full_name }),
  unique: { field: 'name', of: (input) => input.name, taken: nameTaken },
  check: (db, _id, input) => checkAccounts(db, 'members', input.members),
  references: [{ field: 'members', column: clientGroupMembers.userId }],
  link: (db, id, input) => replaceClientGroupMembers(db, id, input.members),
  usage: clientGroupUsage,
  describe: (row) => withValues(msg({ message: 'The client group {name}' }), { name: row.name }),
  missing: msg`No such client group.`,
})
