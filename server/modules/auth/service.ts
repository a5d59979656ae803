import { setTimeout } from 'node:timers/promises'
import { msg } from '#lingui-message'
import type { CurrentUser, LoginRequest } from '../../../contract/auth'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { HttpError } from '../../http/errors'
import { type ApiMessage, withValues } from '../../http/i18n'
import { currentUserView } from '../account/service'
import { hashPassword, verifyPassword } from './passwords'
import {
  accountSubject,
  addressSubject,
  blockedForSeconds,
  clearLoginFailures,
  findUserForLogin,
  recentFailureCount,
  recordLoginFailures,
  setLastLogin,
} from './queries'
import { createSession, deleteExpiredSessions, deleteSession, endSession } from './session-store'
import { newToken } from './tokens'

/** A 429 that says when to come back; the route turns `retryAfterSeconds` into Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    detail: ApiMessage = withValues(
      msg({ message: 'Too many failed sign-in attempts. Try again in {wait}.' }),
      { wait: inWords(retryAfterSeconds) },
    ),
  ) {
    super(429, 'rate_limited', detail)
  }
}

/** A wrong password from an address past its limit: said as such, with how long the slowdown lasts. */
const addressRateLimited = (seconds: number) =>
  new RateLimitedError(
    seconds,
    withValues(
      msg({
        message:
          'Invalid username or password. Too many failed sign-in attempts came from your network, so its sign-ins are slowed down for {wait}.',
      }),
      { wait: inWords(seconds) },
    ),
  )

function inWords(seconds: number): ApiMessage {
  if (seconds < 60) {
    return withValues(msg({ message: '{seconds, plural, one {# second} other {# seconds}}' }), {
      seconds,
    })
  }
  return withValues(msg({ message: '{minutes, plural, one {# minute} other {# minutes}}' }), {
    minutes: Math.ceil(seconds / 60),
  })
}

/** The slowdown doubles with each failure past the address limit, this many times at most. */
const MAX_SLOWDOWN_STEPS = 4
const FIRST_SLOWDOWN_MS = 250

/** How long a sign-in from an address past its failure limit waits: 0.25 s doubling up to 4 s. */
function addressSlowdownMs(failuresPastLimit: number): number {
  return FIRST_SLOWDOWN_MS * 2 ** Math.min(failuresPastLimit, MAX_SLOWDOWN_STEPS)
}

let dummyHash: Promise<string> | undefined

/**
 * Checked when the account does not exist or has no password, so a wrong username costs the
 * same time as a wrong password and answers do not reveal which accounts exist.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken())
  return dummyHash
}

export type LoginContext = {
  address: string
  userAgent: string
  /** The session the request came with; a login replaces it with a new id. */
  previousSessionHash: string | null
}

export async function login(
  db: Db,
  config: AppConfig,
  credentials: LoginRequest,
  context: LoginContext,
): Promise<{ user: CurrentUser; sessionToken: string }> {
  const user = await findUserForLogin(db, credentials.username)
  const account = accountSubject(user?.username ?? credentials.username)
  const address = addressSubject(context.address)
  const { perAccount, perAddress, windowMinutes } = config.loginLimits
  const [accountWait, addressFailures] = await Promise.all([
    blockedForSeconds(db, account, perAccount, windowMinutes),
    recentFailureCount(db, address, windowMinutes, perAddress + MAX_SLOWDOWN_STEPS),
  ])
  // A locked account is refused before the password is checked, so guessing it stops.
  if (accountWait) throw new RateLimitedError(accountWait)
  // An address past its limit is slowed down, not locked: a shared NAT or proxy address must not
  // let one person's failures keep everyone behind it out of their own accounts.
  const addressOverLimit = addressFailures >= perAddress
  if (addressOverLimit) await setTimeout(addressSlowdownMs(addressFailures - perAddress))

  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  )
  if (!user?.passwordHash || !passwordMatches) {
    await recordLoginFailures(db, [account, address], windowMinutes)
    const addressWait =
      addressOverLimit && (await blockedForSeconds(db, address, perAddress, windowMinutes))
    if (addressWait) throw addressRateLimited(addressWait)
    throw new HttpError(401, 'authentication_failed', msg`Invalid username or password.`)
  }
  if (!user.isActive) {
    throw new HttpError(
      401,
      'account_deactivated',
      msg`This account has been deactivated. Contact your coordinator or an administrator.`,
    )
  }

  const sessionToken = await db.transaction(async (tx) => {
    const token = await openSession(tx, config, user.id, context)
    await clearLoginFailures(tx, account)
    return token
  })
  return { user: await currentUserView(db, user.id), sessionToken }
}

/**
 * Opens a session for a user who proved who they are (password or single sign-on), replacing the
 * one the request came with; answers the new session's token.
 */
export async function openSession(
  db: Db,
  config: AppConfig,
  userId: number,
  context: LoginContext,
  ssoIdToken?: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    if (context.previousSessionHash) await deleteSession(tx, context.previousSessionHash)
    await deleteExpiredSessions(tx)
    const token = await createSession(tx, {
      userId,
      ttlHours: config.sessionTtlHours,
      userAgent: context.userAgent,
      address: context.address,
      ssoIdToken,
    })
    await setLastLogin(tx, userId)
    return token
  })
}

/** Ends the session; answers its single-sign-on ID token, which the provider's logout needs. */
export async function logout(db: Db, sessionHash: string | null): Promise<string | null> {
  return sessionHash ? endSession(db, sessionHash) : null
}
