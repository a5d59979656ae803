import { randomBytes, timingSafeEqual } from 'node:crypto'
import { msg } from '#lingui-message'
import {
  type AdminApiToken,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX_LENGTH,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '../../../../contract/api-tokens'
import { hasPermission } from '../../../../contract/roles'
import type { Db } from '../../../db/client'
import type { SessionUser } from '../../../http/augment'
import { fieldError, HttpError, notFound, permissionDenied } from '../../../http/errors'
import { type ApiMessage, withValues } from '../../../http/i18n'
import { RateLimitedError } from '../service'
import { toSessionUser } from '../session-store'
import { hashToken } from '../tokens'
import {
  countTokenCall,
  insertApiToken,
  listApiTokens,
  type RevokedReason,
  revokeApiToken,
  type TokenRow,
  tokensWithPrefix,
} from './queries'

function tokenView(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_address: row.lastUsedAddress,
  }
}

/** A new token, answered this once; only its hash and prefix are kept. */
export async function createApiToken(
  db: Db,
  owner: SessionUser,
  input: ApiTokenCreate,
): Promise<ApiTokenCreated> {
  if (input.expires_in_days === null && !hasPermission(owner.roles, 'staff')) {
    throw fieldError('expires_in_days', msg`Only staff may create a token that never expires.`)
  }
  const token = `cw_${randomBytes(32).toString('base64url')}`
  const row = await insertApiToken(db, {
    userId: owner.id,
    name: input.name,
    prefix: token.slice(0, API_TOKEN_PREFIX_LENGTH),
    tokenHash: hashToken(token),
    days: input.expires_in_days,
  })
  return { ...tokenView(row), token }
}

export async function ownApiTokens(db: Db, owner: SessionUser, page: PageWindow) {
  const { count, rows } = await listApiTokens(db, page, owner.id)
  return { count, results: rows.map(tokenView) }
}

export async function allApiTokens(db: Db, page: PageWindow) {
  const { count, rows } = await listApiTokens(db, page)
  const results: AdminApiToken[] = rows.map((row) => ({
    ...tokenView(row),
    user: { id: row.userId, username: row.username },
  }))
  return { count, results }
}

type PageWindow = { offset: number; limit: number }

const noSuchToken = msg`No such API token.`

/** Revokes one of the owner's own tokens. */
export async function revokeOwnApiToken(db: Db, owner: SessionUser, id: number) {
  if (!(await revokeApiToken(db, id, 'owner', owner.id))) throw notFound(noSuchToken)
}

/** Revokes anyone's token (staff). */
export async function revokeAnyApiToken(db: Db, id: number) {
  if (!(await revokeApiToken(db, id, 'staff'))) throw notFound(noSuchToken)
}

/** A token call may not make tokens: a leaked token must not be able to outlive its own revocation. */
export function refuseTokenCreationByToken() {
  return permissionDenied(
    msg`An API token cannot create API tokens. Sign in and create one under Your account → API tokens.`,
  )
}

const unauthorized = (
  code: 'token_invalid' | 'token_expired' | 'token_revoked',
  detail: ApiMessage,
) => new HttpError(401, code, detail)

const revokedDetail: Record<RevokedReason, ApiMessage> = {
  owner: msg`This API token has been revoked.`,
  staff: msg`This API token has been revoked by an administrator.`,
  password_reset: msg`This API token was revoked when the account's password was reset.`,
  anonymized: msg`This account has been anonymized; its API tokens no longer work.`,
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The user a bearer token acts as, with their roles as they are now; refuses (401) a token that
 * is malformed, unknown, revoked or expired, or whose owner is anonymized or deactivated, and
 * (429) a token past its calls for the minute. Counts the call and records its time and address.
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  call: { address: string; ratePerMinute: number },
): Promise<{ user: SessionUser; tokenId: number }> {
  if (!API_TOKEN_PATTERN.test(token)) {
    throw unauthorized('token_invalid', msg`The API token is malformed.`)
  }
  const tokenHash = hashToken(token)
  const candidates = await tokensWithPrefix(db, token.slice(0, API_TOKEN_PREFIX_LENGTH))
  const found = candidates.find((candidate) => sameHash(candidate.tokenHash, tokenHash))
  if (!found) throw unauthorized('token_invalid', msg`The API token is not valid.`)
  if (found.user.isAnonymized) {
    throw new HttpError(401, 'account_anonymized', revokedDetail.anonymized)
  }
  if (found.isRevoked) {
    const reason = (found.revokedReason ?? 'owner') as RevokedReason
    throw unauthorized('token_revoked', revokedDetail[reason])
  }
  if (found.isExpired) throw unauthorized('token_expired', msg`The API token has expired.`)
  if (!found.user.isActive) {
    throw new HttpError(
      401,
      'account_deactivated',
      msg`This account has been deactivated. Contact your coordinator or an administrator.`,
    )
  }
  const { calls, secondsLeft } = await countTokenCall(db, found.id, call.address)
  if (calls > call.ratePerMinute) {
    throw new RateLimitedError(
      secondsLeft,
      withValues(
        msg({
          message: 'This API token made more than {limit} calls in a minute. Try again shortly.',
        }),
        { limit: call.ratePerMinute },
      ),
    )
  }
  return { user: toSessionUser(found.user), tokenId: found.id }
}
