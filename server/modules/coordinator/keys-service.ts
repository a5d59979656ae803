import { msg } from '#lingui-message'
import {
  type CreatedRegistrationKey,
  type CreatedResetKey,
  type KeyListQuery,
  PASSWORD_RESET_KEY_LIFETIME_HOURS,
  type RegistrationKey,
  type RegistrationKeyInput,
  type ResetKey,
  type ResetKeyInput,
  registrationLink,
  resetLink,
} from '../../../contract/coordinator-keys'
import type { Db } from '../../db/client'
import type { passwordResetKeys } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { fieldError, notFound, permissionDenied } from '../../http/errors'
import { hashToken, newToken } from '../auth/tokens'
import {
  coordinatedGroupIds,
  coordinationGroupsReachingEmail,
  deleteRegistrationKey,
  deleteResetKey,
  existingGroupIds,
  findAccountByEmail,
  findRegistrationKeyInScope,
  groupsInReach,
  insertRegistrationKey,
  insertResetKey,
  isCoordinationGroup,
  listRegistrationKeys,
  listResetKeys,
  type RegistrationKeyRow,
  replaceRegistrationKeyGroups,
  updateRegistrationKey,
} from './keys-queries'

/**
 * Whose keys a caller manages: the coordination groups they coordinate, or every key (null) for
 * staff and for the operator's manage command.
 */
export type KeyScope = number[] | null

/** Who makes a key: their scope, and their account (none for the operator's manage command). */
export type KeyMaker = { scope: KeyScope; userId: number | null }

export async function keyScopeOf(db: Db, user: SessionUser): Promise<KeyScope> {
  return user.roles.includes('staff') ? null : coordinatedGroupIds(db, user.id)
}

const outsideScope = () => permissionDenied(msg`You do not coordinate this coordination group.`)

/** The coordination group a list is narrowed to, checked against the caller's scope. */
function listScope(scope: KeyScope, coordinationGroup: number | undefined): KeyScope {
  if (coordinationGroup === undefined) return scope
  if (scope !== null && !scope.includes(coordinationGroup)) throw outsideScope()
  return [coordinationGroup]
}

/**
 * The coordination group a key belongs to when its maker names none: a coordinator's only
 * coordination group, else the only one of theirs whose members include the key's e-mail. Staff
 * leave it out for a key of the instance. Only a choice that stays open is refused.
 */
async function defaultKeyCoordinationGroup(db: Db, scope: KeyScope, email: string | null) {
  if (scope === null) return null
  const [only] = scope
  if (scope.length === 1 && only !== undefined) return only
  if (scope.length === 0) {
    throw fieldError(
      'coordination_group',
      msg`You coordinate no coordination group to make keys for.`,
    )
  }
  if (email !== null) {
    const reaching = await coordinationGroupsReachingEmail(db, scope, email)
    const [reached] = reaching
    if (reaching.length === 1 && reached !== undefined) return reached
  }
  throw fieldError(
    'coordination_group',
    msg`You coordinate several coordination groups; choose the one the key is for.`,
  )
}

/**
 * The coordination group a new or changed key belongs to: the one named, checked against the
 * caller's scope, else `fallback` (a changed key's own group), else the default.
 */
async function keyCoordinationGroup(
  db: Db,
  scope: KeyScope,
  requested: { groupId: number | null | undefined; email: string | null },
  fallback?: number | null,
) {
  // Staff send null for a key of the instance; a coordinator's null names no group.
  const named = requested.groupId === null && scope !== null ? undefined : requested.groupId
  if (named === null) return null
  if (named === undefined) {
    if (fallback !== undefined) return fallback
    return defaultKeyCoordinationGroup(db, scope, requested.email)
  }
  if (scope !== null && !scope.includes(named)) throw outsideScope()
  if (!(await isCoordinationGroup(db, named))) {
    throw fieldError('coordination_group', msg`No such coordination group.`)
  }
  return named
}

/** New accounts may join the key's coordination group and the groups it manages; staff any group. */
async function checkKeyGroups(db: Db, coordinationGroup: number | null, groups: number[]) {
  const allowed =
    coordinationGroup === null
      ? await existingGroupIds(db, groups)
      : await groupsInReach(db, coordinationGroup)
  const refused = groups.filter((id) => !allowed.has(id))
  if (refused.length > 0) {
    throw fieldError(
      'groups',
      msg({
        message:
          "These groups do not exist or are not managed by the key's coordination group: {ids}.",
      }),
      { ids: refused.join(', ') },
    )
  }
  return [...new Set(groups)]
}

function checkExpiration(expiration: string): Date {
  const at = new Date(expiration)
  if (at.getTime() <= Date.now()) {
    throw fieldError('expiration_timestamp', msg`Choose an expiration in the future.`)
  }
  return at
}

const pageOf = <T>(count: number, results: T[]) => ({ count, results })

function registrationKeyView(row: RegistrationKeyRow): RegistrationKey {
  return {
    id: row.id,
    email: row.email,
    created_timestamp: row.createdAt.toISOString(),
    expiration_timestamp: row.expiresAt.toISOString(),
    accounts_left: row.accountsLeft,
    deactivate_account: row.deactivateAccount,
    is_endworker: row.isEndworker,
    groups: row.groups,
    coordination_group: row.coordinationGroupId,
  }
}

function resetKeyView(row: typeof passwordResetKeys.$inferSelect): ResetKey {
  return {
    id: row.id,
    email: row.email,
    created_timestamp: row.createdAt.toISOString(),
    expiration_timestamp: row.expiresAt.toISOString(),
    is_used: row.usedAt !== null,
    coordination_group: row.coordinationGroupId,
  }
}

export async function registrationKeys(db: Db, scope: KeyScope, query: KeyListQuery) {
  const { count, rows } = await listRegistrationKeys(
    db,
    listScope(scope, query.coordination_group),
    query,
  )
  return pageOf(count, rows.map(registrationKeyView))
}

const keyValues = (input: RegistrationKeyInput, coordinationGroupId: number | null) => ({
  email: input.email,
  accountsLeft: input.accounts_left,
  expiresAt: checkExpiration(input.expiration_timestamp),
  deactivateAccount: input.deactivate_account,
  isEndworker: input.is_endworker,
  coordinationGroupId,
})

/** Makes a key; the plain key and its link are answered this once and never stored. */
export async function createRegistrationKey(
  db: Db,
  { scope, userId: createdById }: KeyMaker,
  input: RegistrationKeyInput,
  origin: string,
): Promise<CreatedRegistrationKey> {
  const key = newToken()
  return db.transaction(async (tx) => {
    const coordinationGroup = await keyCoordinationGroup(tx, scope, {
      groupId: input.coordination_group,
      email: input.email,
    })
    const groups = await checkKeyGroups(tx, coordinationGroup, input.groups)
    const id = await insertRegistrationKey(tx, {
      ...keyValues(input, coordinationGroup),
      keyHash: hashToken(key),
      createdById,
    })
    await replaceRegistrationKeyGroups(tx, id, groups)
    const row = await findRegistrationKeyInScope(tx, null, id)
    if (!row) throw new Error(`registration key ${id} vanished`)
    return { ...registrationKeyView(row), key, link: registrationLink(origin, key) }
  })
}

/** Replaces every field of a key but the key itself, which stays as it was sent. */
export async function replaceRegistrationKey(
  db: Db,
  scope: KeyScope,
  id: number,
  input: RegistrationKeyInput,
): Promise<RegistrationKey> {
  return db.transaction(async (tx) => {
    const current = await findRegistrationKeyInScope(tx, scope, id)
    if (!current) throw noRegistrationKey()
    const coordinationGroup = await keyCoordinationGroup(
      tx,
      scope,
      { groupId: input.coordination_group, email: input.email },
      current.coordinationGroupId,
    )
    const groups = await checkKeyGroups(tx, coordinationGroup, input.groups)
    await updateRegistrationKey(tx, id, keyValues(input, coordinationGroup))
    await replaceRegistrationKeyGroups(tx, id, groups)
    const row = await findRegistrationKeyInScope(tx, null, id)
    if (!row) throw new Error(`registration key ${id} vanished`)
    return registrationKeyView(row)
  })
}

const noRegistrationKey = () =>
  notFound(msg`No such registration key among your coordination groups.`)

export async function removeRegistrationKey(db: Db, scope: KeyScope, id: number) {
  if (!(await deleteRegistrationKey(db, scope, id))) throw noRegistrationKey()
}

export async function resetKeys(db: Db, scope: KeyScope, query: KeyListQuery) {
  const { count, rows } = await listResetKeys(db, listScope(scope, query.coordination_group), query)
  return pageOf(count, rows.map(resetKeyView))
}

/**
 * Makes a reset key for an e-mail. The key is made and answered alike whether or not the e-mail
 * names an account the key's coordination group reaches, so the answer tells nobody which
 * addresses have accounts; a key naming no account changes no password when used.
 */
export async function createResetKey(
  db: Db,
  { scope, userId: createdById }: KeyMaker,
  input: ResetKeyInput,
  origin: string,
): Promise<CreatedResetKey> {
  const key = newToken()
  return db.transaction(async (tx) => {
    const coordinationGroup = await keyCoordinationGroup(tx, scope, {
      groupId: input.coordination_group,
      email: input.email,
    })
    const reach =
      coordinationGroup === null ? null : [...(await groupsInReach(tx, coordinationGroup))]
    const userId = await findAccountByEmail(tx, input.email, reach)
    const row = await insertResetKey(tx, {
      keyHash: hashToken(key),
      email: input.email,
      userId,
      coordinationGroupId: coordinationGroup,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_KEY_LIFETIME_HOURS * 3_600_000),
      createdById,
    })
    return { ...resetKeyView(row), key, link: resetLink(origin, key) }
  })
}

export async function removeResetKey(db: Db, scope: KeyScope, id: number) {
  if (!(await deleteResetKey(db, scope, id))) {
    throw notFound(msg`No such password-reset key among your coordination groups.`)
  }
}
