import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { HttpError } from '../../../http/errors'
import { RateLimitedError } from '../service'
import { authenticateApiToken } from './service'

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token the request authenticated with; null for a session or none. */
    apiTokenId: number | null
  }
}

// The scheme is case-insensitive (RFC 9110); an empty token is refused as malformed.
const BEARER = /^Bearer(?: +(\S*))? *$/i

/** The token of an `Authorization: Bearer` header, or null when the request has none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const match = BEARER.exec(header)
  return match ? (match[1] ?? '') : null
}

/**
 * A token call acts as the token's owner, without cookies or CSRF header. One that also carries
 * a session cookie is refused, rather than guessing which of the two it meant to act as.
 */
export async function authenticateBearer(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  hasSessionCookie: boolean,
): Promise<void> {
  if (hasSessionCookie) {
    throw new HttpError(
      400,
      'token_with_session',
      msg`The request carries both an API token and a session cookie. Send only one of them.`,
    )
  }
  try {
    const { user, tokenId } = await authenticateApiToken(request.server.db, token, {
      address: request.ip,
      ratePerMinute: request.server.config.apiTokenRatePerMinute,
    })
    request.user = user
    request.apiTokenId = tokenId
  } catch (error) {
    if (error instanceof RateLimitedError) {
      reply.header('Retry-After', String(error.retryAfterSeconds))
    }
    throw error
  }
}
