import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  cascadeRef,
  createdAt,
  identityId,
  optionalCascadeRef,
  optionalTimestamp,
  requiredTimestamp,
  setNullRef,
} from './columns'
import { endworkerGroups } from './groups'

export const languages = pgTable('languages', {
  id: identityId(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** Diacritic signs offered by text widgets: [{sign, description}]. */
  diacriticSigns: jsonb().$type<{ sign: string; description: string }[]>().notNull().default([]),
})

export const users = pgTable(
  'users',
  {
    id: identityId(),
    username: text().notNull(),
    email: text().notNull().default(''),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** Argon2id hash; null for accounts that only sign in through single sign-on. */
    passwordHash: text(),
    isSsoAccount: boolean().notNull().default(false),
    /** The identity provider's issuer and subject the account is linked to (single sign-on). */
    ssoIssuer: text(),
    ssoSubject: text(),
    isActive: boolean().notNull().default(true),
    /** Permission strings (contract/roles.ts). */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    ratio: integer().notNull().default(100),
    dateJoined: createdAt(),
    lastLogin: optionalTimestamp(),
    clauseAcceptedAt: optionalTimestamp(),
    cookiePolicyAcceptedAt: optionalTimestamp(),
    anonymizedAt: optionalTimestamp(),
    /** The coordinator or staff member who anonymized the account. */
    anonymizedById: setNullRef((): AnyPgColumn => users.id),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_sso_subject_key').on(t.ssoIssuer, t.ssoSubject),
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
    userId: cascadeRef(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: requiredTimestamp(),
    userAgent: text().notNull().default(''),
    address: text().notNull().default(''),
    /** The identity provider's ID token of a single-sign-on session, the hint its logout needs. */
    ssoIdToken: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * Single sign-on logins under way, keyed by their state so several tabs can each run one. The
 * PKCE verifier and nonce stay here, never in the browser; `browserHash` binds the attempt to the
 * browser that started it, and `usedAt` makes a callback count once.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    state: text().primaryKey(),
    browserHash: text().notNull(),
    codeVerifier: text().notNull(),
    nonce: text().notNull(),
    createdAt: createdAt(),
    expiresAt: requiredTimestamp(),
    usedAt: optionalTimestamp(),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
)

/** Failed sign-in attempts per account and per address, counted in a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: identityId(),
    /** `account:<lower username>` or `address:<ip>`. */
    subject: text().notNull(),
    failedAt: createdAt(),
  },
  (t) => [index('login_failures_subject_idx').on(t.subject, t.failedAt)],
)

export const approvals = pgTable(
  'approvals',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    /** PENDING 0, AUTOMATIC 1, ACCEPTED 2, REJECTED 3 (contract/auth.ts APPROVAL_STATUS). */
    status: smallint().notNull().default(0),
    newMainLanguageId: setNullRef(() => languages.id),
    createdAt: createdAt(),
    decidedAt: optionalTimestamp(),
    decidedById: setNullRef(() => users.id),
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
    approvalId: cascadeRef(() => approvals.id),
    languageId: cascadeRef(() => languages.id),
    isNative: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.approvalId, t.languageId, t.isNative] })],
)

export const endworkerProfiles = pgTable(
  'endworker_profiles',
  {
    id: identityId(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    surveyData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    mainLanguageId: setNullRef(() => languages.id),
    gender: text(),
    birthYear: integer(),
    /** Hours a week, 0 to 168. */
    availability: integer(),
    /** The latest approval of a language change, pending or decided. */
    approvalId: setNullRef(() => approvals.id),
  },
  (t) => [
    check('endworker_profiles_gender_check', sql`${t.gender} in ('male', 'female')`),
    check('endworker_profiles_availability_check', sql`${t.availability} between 0 and 168`),
  ],
)

export const profileLanguages = pgTable(
  'profile_languages',
  {
    profileId: cascadeRef(() => endworkerProfiles.id),
    languageId: cascadeRef(() => languages.id),
    isNative: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.languageId, t.isNative] }),
    index('profile_languages_language_idx').on(t.languageId),
  ],
)

export const registrationKeys = pgTable('registration_keys', {
  id: identityId(),
  /** SHA-256 of the key; the plain key is shown once when created. */
  keyHash: text().notNull().unique(),
  email: text(),
  createdAt: createdAt(),
  expiresAt: requiredTimestamp(),
  accountsLeft: integer().notNull().default(1),
  deactivateAccount: boolean().notNull().default(false),
  isEndworker: boolean().notNull().default(true),
  /** The coordination group whose coordinators manage the key; none for keys made by staff. */
  coordinationGroupId: optionalCascadeRef((): AnyPgColumn => endworkerGroups.id),
  createdById: setNullRef(() => users.id),
})

export const passwordResetKeys = pgTable('password_reset_keys', {
  id: identityId(),
  keyHash: text().notNull().unique(),
  /**
   * The account the e-mail named when the key was made; none when it named no account in reach,
   * and such a key is still made and answered alike, so that keys reveal no accounts.
   */
  userId: optionalCascadeRef((): AnyPgColumn => users.id),
  email: text().notNull(),
  /** The coordination group whose coordinators manage the key; none for keys made by staff. */
  coordinationGroupId: optionalCascadeRef((): AnyPgColumn => endworkerGroups.id),
  createdAt: createdAt(),
  expiresAt: requiredTimestamp(),
  usedAt: optionalTimestamp(),
  createdById: setNullRef(() => users.id),
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
    userId: cascadeRef(() => users.id),
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

/**
 * Personal API tokens: `Authorization: Bearer <token>` acts as the owner. Only the SHA-256 of the
 * token is kept; `prefix` is its first characters, shown to tell tokens apart and used to find
 * the row before the hash is compared in constant time.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: identityId(),
    userId: cascadeRef(() => users.id),
    name: text().notNull(),
    prefix: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    /** Null: never expires (staff only). */
    expiresAt: optionalTimestamp(),
    lastUsedAt: optionalTimestamp(),
    lastUsedAddress: text(),
    revokedAt: optionalTimestamp(),
    /** Who or what revoked it: the owner, staff, a password reset or the account's anonymization. */
    revokedReason: text(),
    /** The per-minute rate limit's window: kept here so every API process counts the same calls. */
    rateWindowStart: optionalTimestamp(),
    rateCount: integer().notNull().default(0),
  },
  (t) => [
    index('api_tokens_prefix_idx').on(t.prefix),
    index('api_tokens_user_idx').on(t.userId),
    check(
      'api_tokens_revoked_reason_check',
      sql`${t.revokedReason} in ('owner', 'staff', 'password_reset', 'anonymized')`,
    ),
  ],
)
