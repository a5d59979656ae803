import { msg } from '#lingui-message'
import {
  APPROVAL_STATUS,
  type Approval,
  type ChangePassword,
  type CurrentUser,
  type CurrentUserPatch,
  type EndworkerProfile,
  type Preferences,
  type ProfileUpdate,
} from '../../../contract/auth'
import { GENDERS } from '../../../contract/constants'
import type { Role } from '../../../contract/roles'
import type { Db } from '../../db/client'
import {
  type FieldProblems,
  fieldError,
  invalidFields,
  notAuthenticated,
  permissionDenied,
} from '../../http/errors'
import { withValues } from '../../http/i18n'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { deleteUserSessions } from '../auth/session-store'
import {
  createProfileIfMissing,
  deleteApproval,
  existingLanguageIds,
  findApproval,
  findPreferences,
  findProfile,
  findUser,
  insertApproval,
  type LanguageSets,
  latestApprovalId,
  lockProfile,
  markAccepted,
  type PreferenceValues,
  type ProfileRow,
  profileLanguageSets,
  replaceProfileLanguages,
  updateProfile,
  updateUser,
  upsertPreferences,
} from './queries'

const isEndworker = (roles: readonly string[]) => roles.includes('endworker' satisfies Role)

/**
 * The signed-in user as the contract shows it. An end worker always has a profile: it is made
 * here on first sight, so users created by any path (coordinators, single sign-on) get one.
 */
export async function currentUserView(db: Db, userId: number): Promise<CurrentUser> {
  const user = await findUser(db, userId)
  if (!user) throw notAuthenticated()
  let profile = await findProfile(db, userId)
  if (!profile && isEndworker(user.roles)) {
    await createProfileIfMissing(db, userId)
    profile = await findProfile(db, userId)
  }
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_sso_account: user.isSsoAccount,
    is_traditional_account: user.passwordHash !== null,
    is_active: user.isActive,
    endworker_profile: profile ? await profileView(db, profile) : null,
    last_login: user.lastLogin?.toISOString() ?? null,
    clause_accepted_date: user.clauseAcceptedAt?.toISOString() ?? null,
    cookie_policy_accepted_date: user.cookiePolicyAcceptedAt?.toISOString() ?? null,
  }
}

async function profileView(db: Db, profile: ProfileRow): Promise<EndworkerProfile> {
  const sets = await profileLanguageSets(db, profile)
  const approval = profile.approvalId ? await findApproval(db, profile.approvalId) : null
  return {
    id: profile.id,
    survey_data: profile.surveyData,
    user: { id: profile.userId },
    main_language: sets.mainLanguage,
    languages: sets.languages,
    native_languages: sets.nativeLanguages,
    gender: GENDERS.find((gender) => gender === profile.gender) ?? null,
    birth_year: profile.birthYear,
    availability: profile.availability,
    approval: approval && {
      id: approval.id,
      // The column's check constraint keeps it within the contract's four values.
      status: approval.status as Approval['status'],
      new_languages: approval.sets.languages,
      new_native_languages: approval.sets.nativeLanguages,
      new_main_language: approval.sets.mainLanguage,
    },
  }
}

export async function updateCurrentUser(
  db: Db,
  userId: number,
  patch: CurrentUserPatch,
): Promise<CurrentUser> {
  const user = await findUser(db, userId)
  if (!user) throw notAuthenticated()
  if (patch.endworker_profile && !isEndworker(user.roles)) {
    throw fieldError('endworker_profile', msg`Only end workers have a profile to edit.`)
  }
  const profileUpdate =
    patch.endworker_profile && (await checkedProfileUpdate(db, patch.endworker_profile))
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, {
      ...(patch.first_name !== undefined && { firstName: patch.first_name }),
      ...(patch.last_name !== undefined && { lastName: patch.last_name }),
      ...(patch.email !== undefined && { email: patch.email }),
    })
    if (profileUpdate) await applyProfileUpdate(tx, userId, profileUpdate)
  })
  return currentUserView(db, userId)
}

type CheckedProfileUpdate = Pick<ProfileUpdate, 'gender' | 'birth_year' | 'availability'> & {
  sets: LanguageSets
}

const FIELD = 'endworker_profile'

/** Deduplicates the language ids and checks they exist and that the main one is among them. */
async function checkedProfileUpdate(db: Db, update: ProfileUpdate): Promise<CheckedProfileUpdate> {
  const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b)
  const sets: LanguageSets = {
    languages: unique(update.languages),
    nativeLanguages: unique(update.native_languages),
    mainLanguage: update.main_language,
  }
  const mentioned: [string, number[]][] = [
    [`${FIELD}.languages`, sets.languages],
    [`${FIELD}.native_languages`, sets.nativeLanguages],
    [`${FIELD}.main_language`, sets.mainLanguage === null ? [] : [sets.mainLanguage]],
  ]
  const known = await existingLanguageIds(db, [...new Set(mentioned.flatMap(([, ids]) => ids))])
  const fields: FieldProblems = {}
  for (const [field, ids] of mentioned) {
    const unknown = ids.filter((id) => !known.has(id))
    if (unknown.length > 0) {
      fields[field] = [
        withValues(msg({ message: 'Unknown language id: {ids}.' }), { ids: unknown.join(', ') }),
      ]
    }
  }
  if (Object.keys(fields).length > 0) {
    throw invalidFields(msg`Invalid profile.`, fields)
  }
  if (sets.mainLanguage !== null && !sets.languages.includes(sets.mainLanguage)) {
    throw fieldError(
      `${FIELD}.main_language`,
      msg`The main language must be one of your languages.`,
    )
  }
  return {
    gender: update.gender,
    birth_year: update.birth_year,
    availability: update.availability,
    sets,
  }
}

const sameSets = (a: LanguageSets, b: LanguageSets) =>
  a.mainLanguage === b.mainLanguage &&
  a.languages.join() === b.languages.join() &&
  a.nativeLanguages.join() === b.nativeLanguages.join()

/**
 * Personal details apply at once. Languages are what work is handed out by, so a change needs a
 * coordinator's approval, except the very first choice, which is approved automatically. Until
 * a decision the profile keeps its languages; a newer change replaces a still-pending one, and
 * going back to the current languages withdraws it.
 */
async function applyProfileUpdate(db: Db, userId: number, update: CheckedProfileUpdate) {
  await createProfileIfMissing(db, userId)
  const profile = await lockProfile(db, userId)
  if (!profile) throw new Error(`profile of user ${userId} vanished`)
  await updateProfile(db, profile.id, {
    ...(update.gender !== undefined && { gender: update.gender }),
    ...(update.birth_year !== undefined && { birthYear: update.birth_year }),
    ...(update.availability !== undefined && { availability: update.availability }),
  })

  const current = await profileLanguageSets(db, profile)
  const latest = profile.approvalId ? await findApproval(db, profile.approvalId) : null
  const pending = latest?.status === APPROVAL_STATUS.PENDING ? latest : null
  if (pending && sameSets(update.sets, pending.sets)) return
  if (pending) await deleteApproval(db, pending.id)
  if (sameSets(update.sets, current)) {
    if (pending)
      await updateProfile(db, profile.id, { approvalId: await latestApprovalId(db, userId) })
    return
  }
  const isFirstChoice = current.languages.length === 0 && current.nativeLanguages.length === 0
  const approvalId = await insertApproval(db, {
    userId,
    status: isFirstChoice ? APPROVAL_STATUS.AUTOMATIC : APPROVAL_STATUS.PENDING,
    sets: update.sets,
    decided: isFirstChoice,
  })
  if (isFirstChoice) await replaceProfileLanguages(db, profile.id, update.sets)
  await updateProfile(db, profile.id, { approvalId })
}

const DEFAULT_PREFERENCES: Preferences = {
  play_on_hover: false,
  overlapping_playback: false,
  stt_end_after_no_speech: false,
}

export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const values = await findPreferences(db, userId)
  return values ? preferencesView(values) : DEFAULT_PREFERENCES
}

export async function patchPreferences(
  db: Db,
  userId: number,
  patch: Partial<Preferences>,
): Promise<Preferences> {
  const values = {
    ...(patch.play_on_hover !== undefined && { playOnHover: patch.play_on_hover }),
    ...(patch.overlapping_playback !== undefined && {
      overlappingPlayback: patch.overlapping_playback,
    }),
    ...(patch.stt_end_after_no_speech !== undefined && {
      sttEndAfterNoSpeech: patch.stt_end_after_no_speech,
    }),
  }
  if (Object.keys(values).length === 0) return getPreferences(db, userId)
  return preferencesView(await upsertPreferences(db, userId, values))
}

function preferencesView(values: PreferenceValues): Preferences {
  return {
    play_on_hover: values.playOnHover,
    overlapping_playback: values.overlappingPlayback,
    stt_end_after_no_speech: values.sttEndAfterNoSpeech,
  }
}

export async function acceptClause(db: Db, userId: number): Promise<void> {
  await markAccepted(db, userId, 'clause')
}

export async function acceptCookiePolicy(db: Db, userId: number): Promise<void> {
  await markAccepted(db, userId, 'cookiePolicy')
}

/** Keeps the session it is called from and ends the user's others: a thief's session dies too. */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionHash: string | null,
  input: ChangePassword,
): Promise<void> {
  const user = await findUser(db, userId)
  if (!user) throw notAuthenticated()
  if (user.passwordHash === null) {
    throw permissionDenied(
      msg`This account signs in through single sign-on and has no password to change.`,
    )
  }
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw fieldError('old_password', msg`The current password is wrong.`)
  }
  const passwordHash = await hashPassword(input.new_password)
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash })
    await deleteUserSessions(tx, userId, currentSessionHash)
  })
}
