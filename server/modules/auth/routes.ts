import { CsrfTokenSchema, CurrentUserSchema, LoginRequestSchema } from '../../../contract/auth'
import { SuccessSchema } from '../../../contract/common'
import { clearSessionCookie, setSessionCookie } from '../../http/session'
import type { AppPlugin } from '../../http/valibot'
import { login, logout, RateLimitedError } from './service'
import { ssoLoginLocation } from './sso'

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

  app.post(
    '/auth/session/logout/',
    { schema: { tags: ['auth'], response: { 200: SuccessSchema } } },
    async (request, reply) => {
      await logout(app.db, request.sessionIdHash)
      clearSessionCookie(request, reply)
      return { detail: 'Signed out.' }
    },
  )

  app.get('/auth/oidc/login/', { schema: { tags: ['auth'] } }, async (_request, reply) =>
    reply.redirect(await ssoLoginLocation(app.config), 302),
  )

  // The single sign-on session ends with the form session; the provider's own logout comes with
  // the sign-on issue.
  app.post(
    '/auth/oidc/logout/',
    { schema: { tags: ['auth'], response: { 200: SuccessSchema } } },
    async () => ({ detail: 'Signed out.' }),
  )
}
