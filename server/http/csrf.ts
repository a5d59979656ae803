import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { CSRF_COOKIE, CSRF_HEADER } from '../../contract/constants'
import { originOf } from '../config'
import { bearerTokenOf } from '../modules/auth/api-tokens/bearer'
import { newToken } from '../modules/auth/tokens'
import { HttpError } from './errors'
import { type ApiMessage, withValues } from './i18n'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's CSRF token: the cookie's, or the one issued with this response. */
    csrfToken: string
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const TOKEN_PATTERN = /^[\w-]{16,128}$/
const TOKEN_MAX_AGE_SECONDS = 365 * 24 * 3600

/**
 * Double-submit token plus an Origin check. Any response carries a `csrftoken` cookie when the
 * request had none; an unsafe request must echo the cookie in `X-CSRFToken` and, when the browser
 * says where it comes from (Origin, else Referer), come from the server's configured public origin
 * or a trusted origin. Calls with a personal API token (`Authorization: Bearer`) need neither.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.decorateRequest('csrfToken', '')
  app.addHook('onRequest', async (request, reply) => {
    // A token call sends no cookies, so a forged cross-site request cannot carry one; a request
    // with both a token and a session cookie is refused by the authentication step.
    if (bearerTokenOf(request) !== null) return
    const cookieToken = readCookieToken(request)
    request.csrfToken = cookieToken ?? issueToken(request, reply)
    if (SAFE_METHODS.has(request.method)) return
    const failure = cookieToken ? checkRequest(request, cookieToken) : noCookieFailure
    if (failure) {
      const detail = withValues(msg({ message: 'CSRF check failed: {reason}' }), {
        reason: failure,
      })
      throw new HttpError(403, 'csrf_failed', detail)
    }
  })
}

const noCookieFailure = msg`the csrftoken cookie is missing. Call GET /api/auth/csrf/ first.`

function readCookieToken(request: FastifyRequest): string | null {
  const token = request.cookies[CSRF_COOKIE]
  return token && TOKEN_PATTERN.test(token) ? token : null
}

function issueToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = newToken()
  reply.setCookie(CSRF_COOKIE, token, {
    // The web client reads it to copy it into the header, so it cannot be HttpOnly.
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: TOKEN_MAX_AGE_SECONDS,
  })
  return token
}

/** Why the unsafe request is refused, or null when it may pass. */
function checkRequest(request: FastifyRequest, cookieToken: string): ApiMessage | null {
  const header = request.headers[CSRF_HEADER]
  if (typeof header !== 'string' || header === '') {
    return msg`the X-CSRFToken header is missing. Send the csrftoken cookie's value in it.`
  }
  if (!sameToken(header, cookieToken)) {
    return msg`the X-CSRFToken header does not match the csrftoken cookie.`
  }
  const { origin, referer } = request.headers
  if (origin !== undefined) {
    return isTrustedOrigin(request, originOf(origin))
      ? null
      : withValues(msg({ message: 'the origin {origin} is not trusted.' }), { origin })
  }
  if (referer !== undefined) {
    return isTrustedOrigin(request, originOf(referer))
      ? null
      : withValues(msg({ message: 'the referer {referer} is not trusted.' }), { referer })
  }
  // No browser sends an unsafe cross-site request without Origin, so this is a non-browser
  // client, and the matching token is enough.
  return null
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Whether the origin is one the configuration names. Never the request's own Host: a client that
 * controls both headers (Host: evil.example with Origin: http://evil.example) would pass.
 */
function isTrustedOrigin(request: FastifyRequest, origin: string | null): boolean {
  if (!origin) return false
  const { publicOrigins, trustedOrigins } = request.server.config
  return publicOrigins.includes(origin) || trustedOrigins.includes(origin)
}
