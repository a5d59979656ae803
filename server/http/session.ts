import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_BASE, SESSION_COOKIE } from '../../contract/constants'
import { extendSession, findLiveSession } from '../modules/auth/session-store'
import { hashToken } from '../modules/auth/tokens'
import { registerCsrfProtection } from './csrf'

declare module 'fastify' {
  interface FastifyRequest {
    /** Hash of the request's live session, null without one (logout and password change need it). */
    sessionIdHash: string | null
  }
}

/**
 * Installs CSRF protection and session lookup on the root instance, so every module sees
 * `request.user`. Added as hooks rather than a registered plugin because a plugin's hooks would
 * stay inside its own encapsulation context.
 */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('sessionIdHash', null)
  registerCsrfProtection(app)
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE]
    // Static PWA files need no user; sparing them the lookup keeps the database out of asset loads.
    if (!token || !isApiRequest(request)) return
    const idHash = hashToken(token)
    const session = await findLiveSession(app.db, idHash)
    if (!session) return
    request.user = session.user
    request.sessionIdHash = idHash
    // Sliding expiry, written at most once a minute so busy clients do not write on every call.
    if (session.stale) {
      await extendSession(app.db, idHash, app.config.sessionTtlHours)
      setSessionCookie(request, reply, token)
    }
  })
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
  reply.setCookie(SESSION_COOKIE, token, {
    ...sessionCookieOptions(request),
    maxAge: request.server.config.sessionTtlHours * 3600,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request))
}
