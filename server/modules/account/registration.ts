import { msg } from '#lingui-message'
import type { CurrentUser, Registration, ResetPassword } from '../../../contract/auth'
import { USERNAME_MIN_LENGTH } from '../../../contract/constants'
import type { Role } from '../../../contract/roles'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { fieldError, HttpError } from '../../http/errors'
import { withValues } from '../../http/i18n'
import { revokeUserApiTokens } from '../auth/api-tokens/queries'
import { hashPassword } from '../auth/passwords'
import { accountSubject, clearLoginFailures } from '../auth/queries'
import { deleteUserSessions } from '../auth/session-store'
import { hashToken } from '../auth/tokens'
import { isEmailTaken, isUsernameTaken, updateUser, usernamesStartingWith } from './queries'
import {
  findRegistrationKey,
  findResetKey,
  insertProfile,
  insertUser,
  joinRegistrationKeyGroups,
  lockRegistrationKey,
  lockResetKey,
  markResetKeyUsed,
  takeRegistrationKeyAccount,
} from './registration-queries'
import { currentUserView } from './service'

const INVALID_KEY = msg`This link is invalid, has expired or has already been used. Ask your coordinator for a new one.`

/** A link checked before its form is shown: a bad one is simply not there. */
const unknownKey = () => new HttpError(404, 'invalid_key', INVALID_KEY)
/** A bad key in a submitted form is bad input, named like any other field. */
const invalidKeyField = () =>
  new HttpError(
    400,
    'invalid_key',
    withValues(msg({ message: '{field}: {problem}' }), { field: 'key', problem: INVALID_KEY }),
    {
      key: [INVALID_KEY],
    },
  )

const usernameTaken = () => fieldError('username', msg`This username is already taken.`)

export async function verifyRegistrationKey(db: Db, key: string) {
  const found = await findRegistrationKey(db, hashToken(key))
  if (!found) throw unknownKey()
  return { email: found.email, deactivate_account: found.deactivateAccount }
}

/**
 * Creates the account a registration key allows, in one transaction holding the key's row lock:
 * the key's account count, the user, the end worker profile and the group memberships go
 * together or not at all.
 */
export async function register(db: Db, input: Registration): Promise<CurrentUser> {
  // A bad key is refused before the deliberately slow hash, which strangers should not get for free.
  if (!(await findRegistrationKey(db, hashToken(input.key)))) throw invalidKeyField()
  const passwordHash = await hashPassword(input.password)
  let userId: number
  try {
    userId = await db.transaction((tx) => createRegisteredUser(tx, input, passwordHash))
  } catch (error) {
    // Two registrations can pass the username check at once; the unique index decides.
    if (isUniqueViolation(error, 'users_username_lower_key')) throw usernameTaken()
    throw error
  }
  return currentUserView(db, userId)
}

async function createRegisteredUser(tx: Db, input: Registration, passwordHash: string) {
  const key = await lockRegistrationKey(tx, hashToken(input.key))
  if (!key) throw invalidKeyField()
  if (key.email && key.email.toLowerCase() !== input.email.toLowerCase()) {
    throw fieldError('email', msg`Use the e-mail address this registration link was sent to.`)
  }
  if (await isUsernameTaken(tx, input.username)) throw usernameTaken()
  // Sign-in accepts an e-mail instead of the username, which only works while it names one account.
  if (await isEmailTaken(tx, input.email)) {
    throw fieldError('email', msg`An account with this e-mail address already exists.`)
  }
  const roles: Role[] = key.isEndworker ? ['endworker'] : []
  const userId = await insertUser(tx, {
    username: input.username,
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    passwordHash,
    roles,
    isActive: !key.deactivateAccount,
  })
  if (key.isEndworker) await insertProfile(tx, userId)
  await joinRegistrationKeyGroups(tx, key.id, userId)
  await takeRegistrationKeyAccount(tx, key.id)
  return userId
}

/**
 * A free username from the person's name: first initial and last name (`jkowalski`), else the
 * e-mail's local part, then `jkowalski2`, `jkowalski3`... Accents are dropped, since usernames
 * are typed on any keyboard.
 */
export async function suggestUsername(
  db: Db,
  person: { key: string; first_name: string; last_name: string; email: string },
): Promise<string> {
  // Which usernames exist is not for strangers: only an invited person gets suggestions.
  if (!(await findRegistrationKey(db, hashToken(person.key)))) throw unknownKey()
  const first = asciiLetters(person.first_name)
  const last = asciiLetters(person.last_name)
  let base = last
    ? `${first.slice(0, 1)}${last}`
    : first || asciiLetters(person.email.split('@')[0] ?? '')
  if (base.length < USERNAME_MIN_LENGTH) base = `${base}user`
  base = base.slice(0, 140)
  const taken = await usernamesStartingWith(db, base)
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}${n}`)) return `${base}${n}`
  }
}

/** Letters without a decomposition of their own, mapped by hand. */
const SPECIAL_LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
}

function asciiLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/[łøđßæœ]/g, (letter) => SPECIAL_LETTERS[letter] ?? '')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '')
}

export async function verifyResetKey(db: Db, key: string) {
  const found = await findResetKey(db, hashToken(key))
  if (!found) throw unknownKey()
  return { email: found.email }
}

/**
 * Sets the password, ends every session and revokes every API token of the user: whoever knew
 * the old one is out.
 */
export async function resetPassword(db: Db, input: ResetPassword): Promise<void> {
  if (!(await findResetKey(db, hashToken(input.key)))) throw invalidKeyField()
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const key = await lockResetKey(tx, hashToken(input.key))
    if (!key) throw invalidKeyField()
    await markResetKeyUsed(tx, key.id)
    // A key made for an e-mail that named no account is used up like any other and answered
    // alike, so that its link does not tell which addresses have accounts.
    if (key.userId === null || key.username === null) return
    await updateUser(tx, key.userId, { passwordHash })
    await deleteUserSessions(tx, key.userId)
    await revokeUserApiTokens(tx, key.userId, 'password_reset')
    // A user who locked themselves out and got a new password may sign in at once.
    await clearLoginFailures(tx, accountSubject(key.username))
  })
}
