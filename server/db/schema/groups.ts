import { type AnyPgColumn, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cascadeRef, createdAt, identityId, setNullRef } from './columns'
import { registrationKeys, users } from './identity'

/** Users who belong to a group; both sides go with the membership. */
const groupMembers = (table: string, group: () => AnyPgColumn) =>
  pgTable(
    table,
    {
      groupId: cascadeRef(group),
      userId: cascadeRef(() => users.id),
    },
    (t) => [
      primaryKey({ columns: [t.groupId, t.userId] }),
      index(`${table}_user_idx`).on(t.userId),
    ],
  )

/** A client organisation; its members see its definitions and tasks. */
export const clientGroups = pgTable('client_groups', {
  id: identityId(),
  name: text().notNull().unique(),
  fullName: text().notNull().default(''),
  createdAt: createdAt(),
})

export const clientGroupMembers = groupMembers('client_group_members', () => clientGroups.id)

/**
 * A group of users (the spec's endworker group, shown to coordinators as a coordination group).
 * One group can serve several purposes at once: a task group (task types hand work to its
 * members), a review group (its members review) and a coordination group (coordinators manage it).
 */
export const endworkerGroups = pgTable('endworker_groups', {
  id: identityId(),
  name: text().notNull().unique(),
  taskGroup: boolean().notNull().default(true),
  reviewGroup: boolean().notNull().default(false),
  coordinationGroup: boolean().notNull().default(false),
  /**
   * The review group whose members review the work of this group's members (and, for a
   * coordination group, of the groups it manages): the spec's coordination group review_group.
   */
  reviewedByGroupId: setNullRef((): AnyPgColumn => endworkerGroups.id),
  createdAt: createdAt(),
})

export const endworkerGroupMembers = groupMembers(
  'endworker_group_members',
  () => endworkerGroups.id,
)

/** Coordinators of a coordination group (the spec's Coordinator record). */
export const groupCoordinators = groupMembers('group_coordinators', () => endworkerGroups.id)

/** Groups a coordination group manages besides itself. */
export const coordinationManagedGroups = pgTable(
  'coordination_managed_groups',
  {
    coordinationGroupId: cascadeRef(() => endworkerGroups.id),
    managedGroupId: cascadeRef(() => endworkerGroups.id),
  },
  (t) => [primaryKey({ columns: [t.coordinationGroupId, t.managedGroupId] })],
)

/** Groups a user registered with a key joins. */
export const registrationKeyGroups = pgTable(
  'registration_key_groups',
  {
    keyId: cascadeRef(() => registrationKeys.id),
    groupId: cascadeRef(() => endworkerGroups.id),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.groupId] })],
)
