import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { registrationKeys, users } from './identity'

/** A client organisation; its members see its definitions and tasks. */
export const clientGroups = pgTable('client_groups', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  fullName: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => clientGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('client_group_members_user_idx').on(t.userId),
  ],
)

/**
 * A group of users (the spec's endworker group, shown to coordinators as a coordination group).
 * One group can serve several purposes at once: a task group (task types hand work to its
 * members), a review group (its members review) and a coordination group (coordinators manage it).
 */
export const endworkerGroups = pgTable('endworker_groups', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  taskGroup: boolean().notNull().default(true),
  reviewGroup: boolean().notNull().default(false),
  coordinationGroup: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const endworkerGroupMembers = pgTable(
  'endworker_group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => endworkerGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('endworker_group_members_user_idx').on(t.userId),
  ],
)

/** Coordinators of a coordination group (the spec's Coordinator record). */
export const groupCoordinators = pgTable(
  'group_coordinators',
  {
    groupId: integer()
      .notNull()
      .references(() => endworkerGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_coordinators_user_idx').on(t.userId),
  ],
)

/** Groups a coordination group manages besides itself. */
export const coordinationManagedGroups = pgTable(
  'coordination_managed_groups',
  {
    coordinationGroupId: integer()
      .notNull()
      .references(() => endworkerGroups.id, { onDelete: 'cascade' }),
    managedGroupId: integer()
      .notNull()
      .references(() => endworkerGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.coordinationGroupId, t.managedGroupId] })],
)

/** Groups a user registered with a key joins. */
export const registrationKeyGroups = pgTable(
  'registration_key_groups',
  {
    keyId: integer()
      .notNull()
      .references(() => registrationKeys.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => endworkerGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.groupId] })],
)
