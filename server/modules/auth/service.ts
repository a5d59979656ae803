import type { CurrentUser, LoginRequest } from '../../../contract/auth'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { HttpError } from '../../http/errors'
import { currentUserView } from '../account/service'
import { hashPassword, verifyPassword } from './passwords'
import {
  accountSubject,
  addressSubject,
  blockedForSeconds,
  clearLoginFailures,
  findUserForLogin,
  recordLoginFailures,
  setLastLogin,
} from './queries'
import { createSession, deleteExpiredSessions, deleteSession } from './session-store'
import { newToken } from './tokens'

/** A 429 that says when to come back; the route turns `retryAfterSeconds` into Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${inWords(retryAfterSeconds)}.`,
    )
  }
}

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
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
  const waits = await Promise.all([
    blockedForSeconds(db, account, perAccount, windowMinutes),
    blockedForSeconds(db, address, perAddress, windowMinutes),
  ])
  const wait = Math.max(0, ...waits.map((seconds) => seconds ?? 0))
  // Refused before the password is checked, so guessing stops while blocked.
  if (wait > 0) throw new RateLimitedError(wait)

  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  )
  if (!user?.passwordHash || !passwordMatches) {
    await recordLoginFailures(db, [account, address], windowMinutes)
    throw new HttpError(401, 'authentication_failed', 'Invalid username or password.')
  }
  if (!user.isActive) {
    throw new HttpError(
      401,
      'account_deactivated',
      'This account has been deactivated. Contact your coordinator or an administrator.',
    )
  }

  const sessionToken = await db.transaction(async (tx) => {
    if (context.previousSessionHash) await deleteSession(tx, context.previousSessionHash)
    await deleteExpiredSessions(tx)
    const token = await createSession(tx, {
      userId: user.id,
      ttlHours: config.sessionTtlHours,
      userAgent: context.userAgent,
      address: context.address,
    })
    await setLastLogin(tx, user.id)
    await clearLoginFailures(tx, account)
    return token
  })
  return { user: await currentUserView(db, user.id), sessionToken }
}

export async function logout(db: Db, sessionHash: string | null): Promise<void> {
  if (sessionHash) await deleteSession(db, sessionHash)
}
