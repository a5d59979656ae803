import { msg } from '#lingui-message'
import type {
  AdminUser,
  AdminUserCreate,
  AdminUserListQuery,
  AdminUserUpdate,
} from '../../../contract/admin'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import {
  clientGroupMembers,
  clientGroups,
  endworkerGroupMembers,
  endworkerGroups,
  users,
} from '../../db/schema'
import { fieldError, notFound } from '../../http/errors'
import { insertAccount, usernameTaken } from '../../manage/accounts'
import { hashPassword } from '../auth/passwords'
import { deleteUserSessions } from '../auth/session-store'
import { missingIds, type Reference, savingReferences } from './references'
import {
  ensureEndworkerProfile,
  findUser,
  listUsers,
  replaceUserClientGroups,
  replaceUserGroups,
  type UserRow,
  updateUser,
} from './users-queries'

function userView(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    roles: row.roles as AdminUser['roles'],
    groups: row.groups,
    client_groups: row.clientGroups,
    is_active: row.isActive,
    is_sso_account: row.isSsoAccount,
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
  }
}

export async function adminUsers(db: Db, query: AdminUserListQuery) {
  const { count, rows } = await listUsers(db, query)
  return { count, results: rows.map(userView) }
}

const usernameTakenError = () => fieldError('username', msg`This username is taken.`)

/** 400 naming the field when any id names no group; the groups found stay locked. */
async function checkGroups(db: Db, groups: number[] | undefined, clients: number[] | undefined) {
  const missingGroups = groups ? await missingIds(db, endworkerGroups, groups) : []
  if (missingGroups.length > 0) {
    throw fieldError('groups', msg({ message: 'No such end-worker groups: {ids}.' }), {
      ids: missingGroups.join(', '),
    })
  }
  const missingClients = clients ? await missingIds(db, clientGroups, clients) : []
  if (missingClients.length > 0) {
    throw fieldError('client_groups', msg({ message: 'No such client groups: {ids}.' }), {
      ids: missingClients.join(', '),
    })
  }
}

const memberships: Reference[] = [
  { field: 'groups', column: endworkerGroupMembers.groupId },
  { field: 'client_groups', column: clientGroupMembers.groupId },
]

const missingAccount = msg`No such account.`

async function requireUser(db: Db, id: number): Promise<UserRow> {
  const row = await findUser(db, id)
  if (!row) throw notFound(missingAccount)
  return row
}

/** A password account, or without a password a placeholder for single sign-on. */
export async function createAdminUser(db: Db, input: AdminUserCreate): Promise<AdminUser> {
  if (input.password === null && input.email === '') {
    throw fieldError(
      'email',
      msg`A single sign-on account needs the e-mail its first sign-on links by.`,
    )
  }
  const passwordHash = input.password === null ? null : await hashPassword(input.password)
  try {
    return await savingReferences(
      memberships,
      db.transaction(async (tx) => {
        if (await usernameTaken(tx, input.username)) throw usernameTakenError()
        await checkGroups(tx, input.groups, input.client_groups)
        const id = await insertAccount(tx, {
          username: input.username,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          isSsoAccount: passwordHash === null,
          roles: [...new Set(input.roles)],
        })
        await replaceUserGroups(tx, id, input.groups)
        await replaceUserClientGroups(tx, id, input.client_groups)
        return userView(await requireUser(tx, id))
      }),
    )
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key')) throw usernameTakenError()
    throw error
  }
}

/**
 * Changes names, e-mail, roles, memberships and whether the account is active. Deactivation
 * ends the account's sessions in the same transaction, so no request of theirs passes after it.
 */
export async function updateAdminUser(
  db: Db,
  id: number,
  input: AdminUserUpdate,
  actingUserId: number,
): Promise<AdminUser> {
  if (id === actingUserId && input.is_active === false) {
    throw fieldError('is_active', msg`You cannot deactivate your own account.`)
  }
  if (id === actingUserId && input.roles && !input.roles.includes('staff')) {
    throw fieldError('roles', msg`You cannot take the staff role from your own account.`)
  }
  const save = db.transaction(async (tx) => {
    // Locked like the groups: the memberships written below name the account too.
    if ((await missingIds(tx, users, [id])).length > 0) throw notFound(missingAccount)
    await checkGroups(tx, input.groups, input.client_groups)
    await updateUser(tx, id, {
      ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
      ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
      ...(input.email === undefined ? {} : { email: input.email }),
      ...(input.roles === undefined ? {} : { roles: [...new Set(input.roles)] }),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    })
    if (input.roles?.includes('endworker')) await ensureEndworkerProfile(tx, id)
    if (input.groups) await replaceUserGroups(tx, id, input.groups)
    if (input.client_groups) await replaceUserClientGroups(tx, id, input.client_groups)
    if (input.is_active === false) await deleteUserSessions(tx, id)
    return userView(await requireUser(tx, id))
  })
  return savingReferences(memberships, save)
}
