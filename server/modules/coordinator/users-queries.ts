import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Language } from '../../../contract/auth'
import {
  type CoordinatorUserFilter,
  type CoordinatorUserQuery,
  USER_ALERTS,
  type UserAlert,
} from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import {
  annotations,
  endworkerProfiles,
  languages,
  profileLanguages,
  ratioIntervals,
  users,
} from '../../db/schema'
import { nameMatches } from '../task-definitions/listing'
import { alertConditions, coordinatedUserIds, groupMemberIds, hasAlertsCondition } from './queries'

/** The pay ratio in force now: the finance manager's interval that contains this moment. */
const currentRatio = sql<number | null>`(
  select ${ratioIntervals.ratio} from ${ratioIntervals}
  where ${ratioIntervals.userId} = ${users.id} and ${ratioIntervals.startAt} <= now()
    and (${ratioIntervals.endAt} is null or ${ratioIntervals.endAt} > now())
  order by ${ratioIntervals.startAt} desc limit 1)`

/** The user's done items carrying a quality flag (flags are cleared when work is taken back). */
const flaggedItems = sql<number>`(
  select count(*)::int from ${annotations} a
  where a.user_id = ${users.id} and a.quality_flags <> '{}')`

const knowsLanguage = (languageId: number, native?: boolean) => sql`exists (
  select 1 from ${profileLanguages}
  where ${profileLanguages.profileId} = ${endworkerProfiles.id} and ${profileLanguages.languageId} = ${languageId}
  ${native === undefined ? sql`` : sql`and ${profileLanguages.isNative} = ${native}`})`

const hasAnyLanguage = sql`exists (
  select 1 from ${profileLanguages} where ${profileLanguages.profileId} = ${endworkerProfiles.id})`

const isEndworker = sql`'endworker' = any(${users.roles})`

const when = <T>(value: T | undefined, condition: (value: T) => SQL | undefined) =>
  value === undefined ? undefined : condition(value)
const either = (wanted: boolean, condition: SQL) => (wanted ? condition : not(condition))

/** Users the coordinator may see (all for null: staff). */
export function userScope(db: Db, coordinatorId: number | null, column: AnyPgColumn = users.id) {
  return coordinatorId === null ? undefined : inArray(column, coordinatedUserIds(db, coordinatorId))
}

function userFilters(db: Db, coordinatorId: number | null, query: CoordinatorUserFilter) {
  const search = query.search
    ? or(
        nameMatches(users.username, query.search),
        nameMatches(users.firstName, query.search),
        nameMatches(users.lastName, query.search),
        nameMatches(users.email, query.search),
      )
    : undefined
  return and(
    userScope(db, coordinatorId),
    when(query.id, (id) => eq(users.id, id)),
    when(query.coordination_group, (group) => inArray(users.id, groupMemberIds(db, group))),
    when(query.is_active, (active) => eq(users.isActive, active)),
    when(query.is_sso_account, (sso) => eq(users.isSsoAccount, sso)),
    when(query.date_joined_after, (after) => gte(users.dateJoined, after)),
    when(query.date_joined_before, (before) => lt(users.dateJoined, before)),
    when(query.ratio, (ratio) => sql`${currentRatio} = ${ratio}`),
    when(query.ratio_min, (ratio) => sql`${currentRatio} >= ${ratio}`),
    when(query.ratio_max, (ratio) => sql`${currentRatio} <= ${ratio}`),
    when(query.is_endworker, (wanted) => either(wanted, isEndworker)),
    when(query.language, (id) => knowsLanguage(id)),
    when(query.has_languages, (wanted) => either(wanted, hasAnyLanguage)),
    when(query.main_language, (id) => eq(endworkerProfiles.mainLanguageId, id)),
    when(query.native_language, (id) => knowsLanguage(id, true)),
    when(query.availability, (hours) => eq(endworkerProfiles.availability, hours)),
    when(query.availability_min, (hours) => gte(endworkerProfiles.availability, hours)),
    when(query.availability_max, (hours) => lte(endworkerProfiles.availability, hours)),
    when(query.has_alerts, (wanted) => either(wanted, hasAlertsCondition)),
    search,
  )
}

const alertFlags = Object.fromEntries(
  USER_ALERTS.map((alert) => [alert, sql<boolean>`${alertConditions[alert]}`]),
) as Record<UserAlert, SQL<boolean>>

const columns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  dateJoined: users.dateJoined,
  isActive: users.isActive,
  isSsoAccount: users.isSsoAccount,
  roles: users.roles,
  anonymizedAt: users.anonymizedAt,
  ratio: currentRatio,
  profileId: endworkerProfiles.id,
  gender: endworkerProfiles.gender,
  birthYear: endworkerProfiles.birthYear,
  availability: endworkerProfiles.availability,
  mainLanguageId: endworkerProfiles.mainLanguageId,
  flaggedItems,
  ...alertFlags,
}

const orderColumns: Record<
  CoordinatorUserQuery['ordering'] extends `-${infer F}` ? F : never,
  SQL
> = {
  id: sql`${users.id}`,
  username: sql`lower(${users.username})`,
  first_name: sql`lower(${users.firstName})`,
  last_name: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
  date_joined: sql`${users.dateJoined}`,
  ratio: currentRatio,
  availability: sql`${endworkerProfiles.availability}`,
}

const fromUsers = (db: Db) =>
  db.select(columns).from(users).leftJoin(endworkerProfiles, eq(endworkerProfiles.userId, users.id))

export type CoordinatorUserRow = Awaited<ReturnType<typeof fromUsers>>[number]

export async function listUsers(db: Db, coordinatorId: number | null, query: CoordinatorUserQuery) {
  const where = userFilters(db, coordinatorId, query)
  const direction = query.ordering.startsWith('-') ? desc : asc
  const key = query.ordering.replace(/^-/, '') as keyof typeof orderColumns
  const rows = await fromUsers(db)
    .where(where)
    .orderBy(sql`${direction(orderColumns[key])} nulls last`, asc(users.id))
    .limit(query.limit)
    .offset(query.offset)
  const [stats] = await userStatsQuery(db, where)
  return { rows, count: stats?.count ?? 0 }
}

function userStatsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      count: count(),
      totalAvailability: sql<number>`coalesce(sum(${endworkerProfiles.availability}), 0)::int`,
    })
    .from(users)
    .leftJoin(endworkerProfiles, eq(endworkerProfiles.userId, users.id))
    .where(where)
}

export async function userStats(
  db: Db,
  coordinatorId: number | null,
  query: CoordinatorUserFilter,
) {
  const [stats] = await userStatsQuery(db, userFilters(db, coordinatorId, query))
  return { count: stats?.count ?? 0, totalAvailability: stats?.totalAvailability ?? 0 }
}

/** Every match in the light form, by username (the `base` list for pickers). */
export function listUserRefs(db: Db, coordinatorId: number | null, query: CoordinatorUserFilter) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .leftJoin(endworkerProfiles, eq(endworkerProfiles.userId, users.id))
    .where(userFilters(db, coordinatorId, query))
    .orderBy(sql`lower(${users.username})`, users.id)
}

export async function findUserInScope(db: Db, coordinatorId: number | null, userId: number) {
  const [row] = await fromUsers(db).where(and(eq(users.id, userId), userScope(db, coordinatorId)))
  return row
}

/** The languages of the given profiles, native ones apart, by profile id. */
export async function profileLanguagesOf(db: Db, profileIds: number[]) {
  const byProfile = new Map<number, { languages: Language[]; native: Language[] }>()
  if (profileIds.length === 0) return byProfile
  const rows = await db
    .select({
      profileId: profileLanguages.profileId,
      isNative: profileLanguages.isNative,
      id: languages.id,
      code: languages.code,
      name: languages.name,
    })
    .from(profileLanguages)
    .innerJoin(languages, eq(languages.id, profileLanguages.languageId))
    .where(inArray(profileLanguages.profileId, profileIds))
    .orderBy(languages.name)
  for (const { profileId, isNative, ...language } of rows) {
    const entry = byProfile.get(profileId) ?? { languages: [], native: [] }
    ;(isNative ? entry.native : entry.languages).push(language)
    byProfile.set(profileId, entry)
  }
  return byProfile
}

export async function languagesById(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Language>()
  const rows = await db
    .select({ id: languages.id, code: languages.code, name: languages.name })
    .from(languages)
    .where(inArray(languages.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

export function allLanguages(db: Db) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name })
    .from(languages)
    .orderBy(languages.name)
}

export async function updateUserAccount(
  db: Db,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email' | 'isActive'>>,
) {
  if (Object.keys(values).length === 0) return
  await db.update(users).set(values).where(eq(users.id, userId))
}

export async function isEmailTakenByOther(db: Db, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, not(eq(users.id, userId))))
    .limit(1)
  return Boolean(row)
}

/**
 * Strips what names the person: the account keeps its id, so annotations, reviews, time logs
 * and pay history stay attached to it, now under the anonymous username.
 */
export async function anonymizeAccount(
  db: Db,
  userId: number,
  values: { username: string; byUserId: number },
) {
  const [row] = await db
    .update(users)
    .set({
      username: values.username,
      firstName: '',
      lastName: '',
      email: '',
      passwordHash: null,
      ssoIssuer: null,
      ssoSubject: null,
      isActive: false,
      anonymizedAt: sql`now()`,
      anonymizedById: values.byUserId,
    })
    .where(eq(users.id, userId))
    .returning({ anonymizedAt: users.anonymizedAt })
  await db
    .update(endworkerProfiles)
    .set({ gender: null, birthYear: null, surveyData: {} })
    .where(eq(endworkerProfiles.userId, userId))
  return row?.anonymizedAt ?? null
}

/** Locks the user row so two anonymizations or edits of one account run one after the other. */
export async function lockUser(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/** Which of the given users exist and are the coordinator's (all for staff: null). */
export async function userIdsInScope(db: Db, coordinatorId: number | null, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>()
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), userScope(db, coordinatorId)))
  return new Set(rows.map((row) => row.id))
}
