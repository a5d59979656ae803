import type { FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import {
  CsrfTokenSchema,
  CurrentUserSchema,
  LoginRequestSchema,
  SsoLogoutSchema,
} from '../../../contract/auth'
import { SuccessSchema } from '../../../contract/common'
import { SSO_BROWSER_COOKIE, SSO_LOGOUT_COOKIE } from '../../../contract/constants'
import { inRequestLanguage } from '../../http/i18n'
import { clearSessionCookie, setSessionCookie } from '../../http/session'
import type { AppPlugin } from '../../http/valibot'
import { login, logout, RateLimitedError } from './service'
import { SingleSignOn, SsoRefusal, ssoFailurePage } from './sso'
import { newToken } from './tokens'

/** Cookies of the single-sign-on exchange go only to its own routes. */
const ssoCookieOptions = (request: FastifyRequest, maxAgeSeconds?: number) => ({
  httpOnly: true,
  // Lax: the provider sends the browser back with a top-level cross-site GET.
  sameSite: 'lax' as const,
  path: '/api/auth/oidc/',
  secure: request.protocol === 'https',
  maxAge: maxAgeSeconds,
})
const SSO_BROWSER_COOKIE_SECONDS = 15 * 60
const SSO_LOGOUT_COOKIE_SECONDS = 5 * 60

/** Sends the browser to /oidc_failure with the refusal's reason, logging why. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof SsoRefusal)) throw error
  request.log.warn({ reason: error.reason, detail: error.detail }, 'single sign-on refused')
  return reply.redirect(ssoFailurePage(error.reason), 302)
}

const signedOut = msg`Signed out.`
export const authRoutes: AppPlugin = async (app) => {
  app.get(
    '/auth/csrf/',
    { schema: { tags: ['auth'], response: { 200: CsrfTokenSchema } } },
    async (request) => ({ csrf_token: request.csrfToken }),
  )

  app.post(
    '/auth/session/login/',
    { schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: CurrentUserSchema } } },
    async (request, reply) => {
      try {
        const { user, sessionToken } = await login(app.db, app.config, request.body, {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          previousSessionHash: request.sessionIdHash,
        })
        setSessionCookie(request, reply, sessionToken)
        return user
      } catch (error) {
        if (error instanceof RateLimitedError)
          reply.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
    },
  )

  const sso = app.config.oidc ? new SingleSignOn(app.config.oidc) : null

  /** Ends the request's session; answers its single-sign-on ID token (null for a password one). */
  const endLocalSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const idToken = await logout(app.db, request.sessionIdHash)
    clearSessionCookie(request, reply)
    return idToken
  }

  app.post(
    '/auth/session/logout/',
    { schema: { tags: ['auth'], response: { 200: SuccessSchema } } },
    async (request, reply) => {
      const idToken = await endLocalSession(request, reply)
      // The client calls auth/oidc/logout/ next, which needs the token to end the provider's session.
      if (idToken && sso) {
        reply.setCookie(
          SSO_LOGOUT_COOKIE,
          idToken,
          ssoCookieOptions(request, SSO_LOGOUT_COOKIE_SECONDS),
        )
      }
      return { detail: inRequestLanguage(request)(signedOut) }
    },
  )

  app.get('/auth/oidc/login/', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!sso) return reply.redirect(ssoFailurePage('not_configured'), 302)
    // One token per browser, kept while it lasts, so logins started in several tabs all match it.
    const browserToken = request.cookies[SSO_BROWSER_COOKIE] || newToken()
    try {
      const location = await sso.start(app.db, browserToken)
      reply.setCookie(
        SSO_BROWSER_COOKIE,
        browserToken,
        ssoCookieOptions(request, SSO_BROWSER_COOKIE_SECONDS),
      )
      return reply.redirect(location, 302)
    } catch (error) {
      return refuse(request, reply, error)
    }
  })

  app.get('/auth/oidc/callback/', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!sso) return reply.redirect(ssoFailurePage('not_configured'), 302)
    const callbackUrl = new URL(request.url, app.config.oidc?.redirectUri)
    try {
      const { username, sessionToken } = await sso.complete(
        app.db,
        callbackUrl,
        request.cookies[SSO_BROWSER_COOKIE],
        app.config,
        {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          previousSessionHash: request.sessionIdHash,
        },
      )
      setSessionCookie(request, reply, sessionToken)
      return reply.redirect(`/callback?username=${encodeURIComponent(username)}`, 302)
    } catch (error) {
      // The back button onto a completed login: a user still signed in just goes on to the app.
      if (error instanceof SsoRefusal && error.reason === 'state_used' && request.user) {
        return reply.redirect('/', 302)
      }
      return refuse(request, reply, error)
    }
  })

  // Called after auth/session/logout/ (whose ID token its cookie holds) or on its own.
  app.post(
    '/auth/oidc/logout/',
    { schema: { tags: ['auth'], response: { 200: SsoLogoutSchema } } },
    async (request, reply) => {
      const idToken =
        (await endLocalSession(request, reply)) ?? request.cookies[SSO_LOGOUT_COOKIE] ?? null
      reply.clearCookie(SSO_LOGOUT_COOKIE, ssoCookieOptions(request))
      const signedOutDetail = { detail: inRequestLanguage(request)(signedOut) }
      if (!idToken || !sso) return signedOutDetail
      try {
        const logoutUrl = await sso.logoutUrl(idToken)
        return logoutUrl ? { ...signedOutDetail, logout_url: logoutUrl } : signedOutDetail
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error
        request.log.warn({ detail: error.detail }, 'provider logout unavailable')
        return signedOutDetail
      }
    },
  )
}
