import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

export const languages = pgTable('languages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** Diacritic signs offered by text widgets: [{sign, description}]. */
  diacriticSigns: jsonb().$type<{ sign: string; description: string }[]>().notNull().default([]),
})

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull().default(''),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** Argon2id hash; null for accounts that only sign in through single sign-on. */
    passwordHash: text(),
    isSsoAccount: boolean().notNull().default(false),
    ssoSubject: text(),
    isActive: boolean().notNull().default(true),
    /** Permission strings (contract/roles.ts). */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    ratio: integer().notNull().default(100),
    dateJoined: createdAt(),
    lastLogin: timestamp({ withTimezone: true }),
    clauseAcceptedAt: timestamp({ withTimezone: true }),
    cookiePolicyAcceptedAt: timestamp({ withTimezone: true }),
    anonymizedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_sso_subject_key').on(t.ssoSubject),
  ],
)

export const userPreferences = pgTable('user_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  playOnHover: boolean().notNull().default(false),
  overlappingPlayback: boolean().notNull().default(false),
  sttEndAfterNoSpeech: boolean().notNull().default(false),
})

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value, so a database leak does not hand out live sessions. */
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text().notNull().default(''),
    address: text().notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** Failed sign-in attempts per account and per address, counted in a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** `account:<lower username>` or `address:<ip>`. */
    subject: text().notNull(),
    failedAt: createdAt(),
  },
  (t) => [index('login_failures_subject_idx').on(t.subject, t.failedAt)],
)

export const approvals = pgTable(
  'approvals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING 0, AUTOMATIC 1, ACCEPTED 2, REJECTED 3 (contract/auth.ts APPROVAL_STATUS). */
    status: smallint().notNull().default(0),
    newMainLanguageId: integer().references(() => languages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('approvals_user_idx').on(t.userId),
    index('approvals_status_idx').on(t.status),
    check('approvals_status_check', sql`${t.status} between 0 and 3`),
  ],
)

export const approvalLanguages = pgTable(
  'approval_languages',
  {
    approvalId: integer()
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    languageId: integer()
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    isNative: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.approvalId, t.languageId, t.isNative] })],
)

export const endworkerProfiles = pgTable(
  'endworker_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    surveyData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    mainLanguageId: integer().references(() => languages.id, { onDelete: 'set null' }),
    gender: text(),
    birthYear: integer(),
    /** Hours a week, 0 to 168. */
    availability: integer(),
    /** The latest approval of a language change, pending or decided. */
    approvalId: integer().references(() => approvals.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('endworker_profiles_gender_check', sql`${t.gender} in ('male', 'female')`),
    check('endworker_profiles_availability_check', sql`${t.availability} between 0 and 168`),
  ],
)

export const profileLanguages = pgTable(
  'profile_languages',
  {
    profileId: integer()
      .notNull()
      .references(() => endworkerProfiles.id, { onDelete: 'cascade' }),
    languageId: integer()
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    isNative: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.languageId, t.isNative] }),
    index('profile_languages_language_idx').on(t.languageId),
  ],
)

export const registrationKeys = pgTable('registration_keys', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** SHA-256 of the key; the plain key is shown once when created. */
  keyHash: text().notNull().unique(),
  email: text(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  accountsLeft: integer().notNull().default(1),
  deactivateAccount: boolean().notNull().default(false),
  isEndworker: boolean().notNull().default(true),
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
})

export const passwordResetKeys = pgTable('password_reset_keys', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  keyHash: text().notNull().unique(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
})

/** Instance-wide settings (clause texts, public flag overrides), editable by staff. */
export const instanceSettings = pgTable('instance_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: createdAt(),
})

/** First answer per Idempotency-Key, replayed for a retried write from the outbox. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    path: text().notNull(),
    /** SHA-256 of the request body: the same key with another body is refused, not replayed. */
    requestHash: text(),
    statusCode: integer().notNull(),
    body: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)
