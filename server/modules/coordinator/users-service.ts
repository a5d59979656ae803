import { randomBytes } from 'node:crypto'
import { msg } from '#lingui-message'
import { AVAILABILITY_MAX_HOURS, GENDERS } from '../../../contract/constants'
import {
  type CoordinatorUser,
  type CoordinatorUserFilter,
  type CoordinatorUserOptions,
  type CoordinatorUserPatch,
  type CoordinatorUserQuery,
  type CoordinatorUserStats,
  USER_ALERTS,
  type UserBase,
} from '../../../contract/coordinator-users'
import { USER_ORDERING_FIELDS } from '../../../contract/list-params'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict, fieldError, notFound, permissionDenied } from '../../http/errors'
import { erasePersonalData } from '../account/erasure'
import { isUsernameTaken } from '../account/queries'
import { deleteUserSessions } from '../auth/session-store'
import { removeDiscardedFiles } from '../media/discarded-files'
import { removeStoredFile } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'
import {
  allLanguages,
  anonymizeAccount,
  type CoordinatorUserRow,
  findUserInScope,
  isEmailTakenByOther,
  languagesById,
  listUserRefs,
  listUsers,
  lockUser,
  profileLanguagesOf,
  updateUserAccount,
  userStats,
} from './users-queries'

/** Staff see every user; a coordinator the users of their coordination groups. */
export const coordinatorScope = (user: SessionUser) =>
  user.roles.includes('staff') ? null : user.id

async function userViews(db: Db, rows: CoordinatorUserRow[]): Promise<CoordinatorUser[]> {
  const profileIds = rows.flatMap((row) => (row.profileId === null ? [] : [row.profileId]))
  const spoken = await profileLanguagesOf(db, profileIds)
  const mainLanguages = await languagesById(
    db,
    rows.flatMap((row) => (row.mainLanguageId === null ? [] : [row.mainLanguageId])),
  )
  return rows.map((row) => {
    const profileLanguages = row.profileId === null ? undefined : spoken.get(row.profileId)
    return {
      id: row.id,
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      date_joined: row.dateJoined.toISOString(),
      is_active: row.isActive,
      is_sso_account: row.isSsoAccount,
      is_staff: row.roles.includes('staff'),
      ratio: row.ratio,
      alerts: USER_ALERTS.filter((alert) => row[alert]),
      endworker_profile:
        row.profileId === null
          ? null
          : {
              gender: GENDERS.find((gender) => gender === row.gender) ?? null,
              birth_year: row.birthYear,
              main_language:
                row.mainLanguageId === null
                  ? null
                  : (mainLanguages.get(row.mainLanguageId) ?? null),
              native_languages: profileLanguages?.native ?? [],
              languages: profileLanguages?.languages ?? [],
              availability: row.availability,
            },
      flagged_items: row.flaggedItems,
      anonymized_timestamp: row.anonymizedAt?.toISOString() ?? null,
    }
  })
}

export async function coordinatorUsers(db: Db, user: SessionUser, query: CoordinatorUserQuery) {
  const { rows, count } = await listUsers(db, coordinatorScope(user), query)
  return { count, results: await userViews(db, rows) }
}

export async function coordinatorUserRefs(
  db: Db,
  user: SessionUser,
  query: CoordinatorUserFilter,
): Promise<UserBase[]> {
  const rows = await listUserRefs(db, coordinatorScope(user), query)
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
  }))
}

export async function coordinatorUserStats(
  db: Db,
  user: SessionUser,
  query: CoordinatorUserFilter,
): Promise<CoordinatorUserStats> {
  const stats = await userStats(db, coordinatorScope(user), query)
  return { count: stats.count, total_availability: stats.totalAvailability }
}

export async function coordinatorUserOptions(db: Db): Promise<CoordinatorUserOptions> {
  return {
    languages: await allLanguages(db),
    alerts: [...USER_ALERTS],
    orderings: USER_ORDERING_FIELDS.flatMap((field) => [field, `-${field}`]),
    availability_max: AVAILABILITY_MAX_HOURS,
  }
}

/** The user if the caller may act on them: 404 outside their groups, 403 for another's staff account. */
/** A user the caller coordinates (any for staff); 404 for others. */
export async function actionableUser(db: Db, caller: SessionUser, userId: number) {
  const row = await findUserInScope(db, coordinatorScope(caller), userId)
  if (!row) throw notFound(msg`No such user among the users you coordinate.`)
  return row
}

/**
 * A coordinator's change to an account. Deactivating ends the user's sessions in the same
 * transaction, so they are signed out at once.
 */
export async function patchCoordinatorUser(
  db: Db,
  caller: SessionUser,
  userId: number,
  patch: CoordinatorUserPatch,
): Promise<CoordinatorUser> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const target = await actionableUser(tx, caller, userId)
    if (target.roles.includes('staff') && !caller.roles.includes('staff')) {
      throw permissionDenied(msg`Only staff may change a staff account.`)
    }
    if (patch.is_active === false && userId === caller.id) {
      throw fieldError('is_active', msg`You cannot deactivate your own account.`)
    }
    if (target.anonymizedAt && patch.is_active) {
      throw conflict(msg`An anonymized account cannot be activated again.`)
    }
    if (patch.email && (await isEmailTakenByOther(tx, patch.email, userId))) {
      throw fieldError('email', msg`Another account uses this e-mail address.`)
    }
    await updateUserAccount(tx, userId, {
      ...(patch.first_name !== undefined && { firstName: patch.first_name }),
      ...(patch.last_name !== undefined && { lastName: patch.last_name }),
      ...(patch.email !== undefined && { email: patch.email }),
      ...(patch.is_active !== undefined && { isActive: patch.is_active }),
    })
    if (patch.is_active === false) await deleteUserSessions(tx, userId)
    const updated = await findUserInScope(tx, coordinatorScope(caller), userId)
    if (!updated) throw new Error(`user ${userId} vanished`)
    const [view] = await userViews(tx, [updated])
    if (!view) throw new Error(`user ${userId} has no view`)
    return view
  })
}

/** `anonymous-<id>`, with a random tail in the unlikely case someone already took that name. */
async function anonymousUsername(db: Db, userId: number) {
  const plain = `anonymous-${userId}`
  if (!(await isUsernameTaken(db, plain))) return plain
  return `${plain}-${randomBytes(4).toString('hex')}`
}

/**
 * The irreversible anonymization: the account is deactivated, signed out everywhere and stripped
 * of what names the person, and so is every other place that holds their data
 * (`erasePersonalData`), in one transaction; its work stays attributed to it under an anonymous
 * username. Files replaced on the way are removed once it commits.
 */
export async function anonymizeUser(
  deps: { db: Db; media: MediaStore },
  caller: SessionUser,
  userId: number,
) {
  const { db, media } = deps
  const written: string[] = []
  let committed = false
  try {
    const answer = await db.transaction(async (tx) => {
      await lockUser(tx, userId)
      const target = await actionableUser(tx, caller, userId)
      if (target.roles.includes('staff')) throw conflict(msg`Staff accounts cannot be anonymized.`)
      if (target.id === caller.id) throw conflict(msg`You cannot anonymize your own account.`)
      if (target.anonymizedAt) throw conflict(msg`This account is already anonymized.`)
      const username = await anonymousUsername(tx, userId)
      const anonymizedAt = await anonymizeAccount(tx, userId, { username, byUserId: caller.id })
      await deleteUserSessions(tx, userId)
      if (!anonymizedAt) throw new Error(`user ${userId} vanished`)
      const person = {
        userId,
        username: target.username,
        email: target.email,
        firstName: target.firstName,
        lastName: target.lastName,
        anonymousUsername: username,
      }
      await erasePersonalData(tx, { media, written }, person)
      return { id: userId, username, anonymized_timestamp: anonymizedAt.toISOString() }
    })
    committed = true
    await removeDiscardedFiles(db, media)
    return answer
  } finally {
    // Files written for a transaction that did not commit are referred to by nothing.
    if (!committed) for (const storageKey of written) await removeStoredFile(media, storageKey)
  }
}
