import {
  ChangePasswordSchema,
  CurrentUserPatchSchema,
  CurrentUserSchema,
  KeyQuerySchema,
  PreferencesPatchSchema,
  PreferencesSchema,
  RegistrationSchema,
  RegistrationVerifySchema,
  ResetPasswordSchema,
  ResetVerifySchema,
  UsernameSuggestionQuerySchema,
  UsernameSuggestionSchema,
} from '../../../contract/auth'
import { SuccessSchema } from '../../../contract/common'
import { PermissionsSchema, ROLES } from '../../../contract/roles'
import { currentUser, requireUser } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import {
  register,
  resetPassword,
  suggestUsername,
  verifyRegistrationKey,
  verifyResetKey,
} from './registration'
import {
  acceptClause,
  acceptCookiePolicy,
  changePassword,
  currentUserView,
  getPreferences,
  patchPreferences,
  updateCurrentUser,
} from './service'

const tags = ['account']

export const accountRoutes: AppPlugin = async (app) => {
  app.get(
    '/auth/current-user/',
    { onRequest: requireUser, schema: { tags, response: { 200: CurrentUserSchema } } },
    async (request) => currentUserView(app.db, currentUser(request).id),
  )

  app.patch(
    '/auth/current-user/',
    {
      onRequest: requireUser,
      schema: { tags, body: CurrentUserPatchSchema, response: { 200: CurrentUserSchema } },
    },
    async (request) => updateCurrentUser(app.db, currentUser(request).id, request.body),
  )

  app.post(
    '/auth/current-user/',
    { schema: { tags, body: RegistrationSchema, response: { 201: CurrentUserSchema } } },
    async (request, reply) => reply.code(201).send(await register(app.db, request.body)),
  )

  app.get(
    '/auth/current-user/permissions/',
    { onRequest: requireUser, schema: { tags, response: { 200: PermissionsSchema } } },
    // In the contract's order, so the list reads the same whatever order roles were granted in.
    async (request) => ROLES.filter((role) => currentUser(request).roles.includes(role)),
  )

  app.get(
    '/auth/current-user/preferences/',
    { onRequest: requireUser, schema: { tags, response: { 200: PreferencesSchema } } },
    async (request) => getPreferences(app.db, currentUser(request).id),
  )

  app.patch(
    '/auth/current-user/preferences/',
    {
      onRequest: requireUser,
      schema: { tags, body: PreferencesPatchSchema, response: { 200: PreferencesSchema } },
    },
    async (request) => patchPreferences(app.db, currentUser(request).id, request.body),
  )

  app.put(
    '/auth/current-user/accept-clause/',
    { onRequest: requireUser, schema: { tags, response: { 200: SuccessSchema } } },
    async (request) => {
      await acceptClause(app.db, currentUser(request).id)
      return { detail: 'The clause has been accepted.' }
    },
  )

  app.put(
    '/auth/current-user/accept-cookie-policy/',
    { onRequest: requireUser, schema: { tags, response: { 200: SuccessSchema } } },
    async (request) => {
      await acceptCookiePolicy(app.db, currentUser(request).id)
      return { detail: 'The cookie policy has been accepted.' }
    },
  )

  app.post(
    '/auth/current-user/change-password/',
    {
      onRequest: requireUser,
      schema: { tags, body: ChangePasswordSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await changePassword(app.db, currentUser(request).id, request.sessionIdHash, request.body)
      return { detail: 'Your password has been changed.' }
    },
  )

  app.get(
    '/auth/register-user/verify/',
    { schema: { tags, querystring: KeyQuerySchema, response: { 200: RegistrationVerifySchema } } },
    async (request) => verifyRegistrationKey(app.db, request.query.key),
  )

  app.get(
    '/auth/register-user/username/',
    {
      schema: {
        tags,
        querystring: UsernameSuggestionQuerySchema,
        response: { 200: UsernameSuggestionSchema },
      },
    },
    async (request) => ({ username: await suggestUsername(app.db, request.query) }),
  )

  app.get(
    '/auth/reset-password/verify/',
    { schema: { tags, querystring: KeyQuerySchema, response: { 200: ResetVerifySchema } } },
    async (request) => verifyResetKey(app.db, request.query.key),
  )

  app.post(
    '/auth/reset-password/',
    { schema: { tags, body: ResetPasswordSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await resetPassword(app.db, request.body)
      return { detail: 'Your password has been set. You can sign in now.' }
    },
  )
}
