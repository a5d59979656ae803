import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_BASE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../contract/constants'
import { authenticateBearer, bearerTokenOf } from '../modules/auth/api-tokens/bearer'
import { extendSession, findLiveSession } from '../modules/auth/session-store'
import { hashToken } from '../modules/auth/tokens'
import { registerCsrfProtection } from './csrf'
import { errorHandler, notAuthenticated } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** Hash of the request's live session, null without one (logout and password change need it). */
    sessionIdHash: string | null
    /**
     * On a route that checks the session itself (sessionCheckedByRoute): the hash of the session
     * cookie's token until the session is checked, then null.
     */
    uncheckedSessionIdHash: string | null
  }
  interface FastifyContextConfig {
    /** The route checks the session itself; the generic lookup is skipped (sessionCheckedByRoute). */
    checksSessionItself?: boolean
  }
}

/**
 * Installs CSRF protection and the authentication step (a session cookie, or a personal API
 * token in `Authorization: Bearer`) on the root instance, so every module sees `request.user`
 * and checks permissions the same way for both. Added as hooks rather than a registered plugin because a plugin's hooks would
 * stay inside its own encapsulation context.
 */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('sessionIdHash', null)
  app.decorateRequest('uncheckedSessionIdHash', null)
  app.decorateRequest('apiTokenId', null)
  registerCsrfProtection(app)
  app.addHook('onRequest', async (request, reply) => {
    // Static PWA files need no user; sparing them the lookup keeps the database out of asset loads.
    if (!isApiRequest(request)) return
    const token = request.cookies[SESSION_COOKIE]
    const bearer = bearerTokenOf(request)
    if (bearer !== null) return authenticateBearer(request, reply, bearer, Boolean(token))
    if (!token) return
    const idHash = hashToken(token)
    if (request.routeOptions.config.checksSessionItself) {
      request.uncheckedSessionIdHash = idHash
      return
    }
    await attachSession(request, reply, idHash)
  })
}

/** Looks the session up and, when it is live, attaches its user to the request. */
async function attachSession(request: FastifyRequest, reply: FastifyReply, idHash: string) {
  const { db } = request.server
  const session = await findLiveSession(db, idHash)
  if (!session) return
  request.user = session.user
  request.sessionIdHash = idHash
  if (session.stale) await keepSessionAlive(request, reply, idHash)
}

/** Sliding expiry, written at most once a minute so busy clients do not write on every call. */
async function keepSessionAlive(request: FastifyRequest, reply: FastifyReply, idHash: string) {
  const token = request.cookies[SESSION_COOKIE]
  if (!token) return
  await extendSession(request.server.db, idHash, request.server.config.sessionTtlHours)
  setSessionCookie(request, reply, token)
}

type Guard = (request: FastifyRequest) => Promise<void>

/**
 * For a hot route whose handler checks the session in its own statement, sparing the generic
 * lookup's round trip: the route's options (spread into them), with `guard` as the route's
 * permission. The handler reads `sessionIdHashToCheck`; when its statement found the session
 * live it calls `sessionFoundLive`, otherwise `settleSession` (the generic lookup and `guard`)
 * before anything else. A request without a session cookie gets the 401 at once; one whose
 * request fails before the handler checked its session (a malformed body, a refusal) gets the
 * lookup and `guard` first, so it answers as on any other route: 401 for a dead session, 403
 * without the permission. A call with an API token was authenticated already: it gets `guard`
 * at once and takes the handler's usual path (sessionIdHashToCheck answers null).
 */
export function sessionCheckedByRoute(guard: Guard) {
  const settleSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const idHash = request.uncheckedSessionIdHash
    if (idHash === null) return
    request.uncheckedSessionIdHash = null
    await attachSession(request, reply, idHash)
    await guard(request)
  }
  return {
    settleSession,
    options: {
      config: { checksSessionItself: true },
      onRequest: async (request: FastifyRequest) => {
        if (request.apiTokenId !== null) return guard(request)
        if (request.uncheckedSessionIdHash === null) throw notAuthenticated()
      },
      errorHandler: async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        try {
          await settleSession(request, reply)
        } catch (refusal) {
          return errorHandler(refusal as FastifyError, request, reply)
        }
        return errorHandler(error, request, reply)
      },
    },
  }
}

/**
 * The session hash a route of sessionCheckedByRoute checks in its own statement; null for a call
 * with an API token, whose user is already known.
 */
export function sessionIdHashToCheck(request: FastifyRequest): string | null {
  if (request.apiTokenId !== null) return null
  const idHash = request.uncheckedSessionIdHash
  if (idHash === null) throw notAuthenticated()
  return idHash
}

/**
 * A route of sessionCheckedByRoute found the session live in its own statement; `stale` (from
 * the statement) says the sliding expiry is due.
 */
export async function sessionFoundLive(
  request: FastifyRequest,
  reply: FastifyReply,
  stale: boolean,
): Promise<void> {
  const idHash = request.uncheckedSessionIdHash
  if (idHash === null) throw notAuthenticated()
  request.uncheckedSessionIdHash = null
  request.sessionIdHash = idHash
  if (stale) await keepSessionAlive(request, reply, idHash)
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url === API_BASE || request.url.startsWith(`${API_BASE}/`)
}

function sessionCookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https',
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  const maxAge = request.server.config.sessionTtlHours * 3600
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(request), maxAge })
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...sessionCookieOptions(request),
    httpOnly: false,
    maxAge,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request))
  reply.clearCookie(SESSION_HINT_COOKIE, { ...sessionCookieOptions(request), httpOnly: false })
}
