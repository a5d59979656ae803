import type * as v from 'valibot'
import { msg } from '#lingui-message'
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
import type { Db } from '../../db/client'
import { currentUser, requireUser } from '../../http/guards'
import { type ApiMessage, inRequestLanguage } from '../../http/i18n'
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

type App = Parameters<AppPlugin>[0]

/**
 * GET and PATCH of a record of the signed-in user's own; both answer the whole record. The
 * handlers' types come from the schemas given here, so Fastify sees the schemas untyped.
 */
function ownRecordRoutes<TRecord, TPatch>(
  app: App,
  path: string,
  schemas: { record: v.GenericSchema<unknown, TRecord>; patch: v.GenericSchema<unknown, TPatch> },
  read: (db: Db, userId: number) => Promise<TRecord>,
  update: (db: Db, userId: number, patch: TPatch) => Promise<TRecord>,
) {
  const record: v.GenericSchema = schemas.record
  const patch: v.GenericSchema = schemas.patch
  app.get(
    path,
    { onRequest: requireUser, schema: { tags, response: { 200: record } } },
    async (request) => read(app.db, currentUser(request).id),
  )
  app.patch(
    path,
    { onRequest: requireUser, schema: { tags, body: patch, response: { 200: record } } },
    async (request) => update(app.db, currentUser(request).id, request.body as TPatch),
  )
}

/** A PUT recording that the signed-in user accepted a text of the instance. */
function acceptanceRoute(
  app: App,
  path: string,
  accept: (db: Db, userId: number) => Promise<void>,
  detail: ApiMessage,
) {
  app.put(
    path,
    { onRequest: requireUser, schema: { tags, response: { 200: SuccessSchema } } },
    async (request) => {
      await accept(app.db, currentUser(request).id)
      return { detail: inRequestLanguage(request)(detail) }
    },
  )
}

export const accountRoutes: AppPlugin = async (app) => {
  ownRecordRoutes(
    app,
    '/auth/current-user/',
    { record: CurrentUserSchema, patch: CurrentUserPatchSchema },
    currentUserView,
    updateCurrentUser,
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

  ownRecordRoutes(
    app,
    '/auth/current-user/preferences/',
    { record: PreferencesSchema, patch: PreferencesPatchSchema },
    getPreferences,
    patchPreferences,
  )

  acceptanceRoute(
    app,
    '/auth/current-user/accept-clause/',
    acceptClause,
    msg`The clause has been accepted.`,
  )
  acceptanceRoute(
    app,
    '/auth/current-user/accept-cookie-policy/',
    acceptCookiePolicy,
    msg`The cookie policy has been accepted.`,
  )

  app.post(
    '/auth/current-user/change-password/',
    {
      onRequest: requireUser,
      schema: { tags, body: ChangePasswordSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await changePassword(app.db, currentUser(request).id, request.sessionIdHash, request.body)
      return { detail: inRequestLanguage(request)(msg`Your password has been changed.`) }
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
      return {
        detail: inRequestLanguage(request)(msg`Your password has been set. You can sign in now.`),
      }
    },
  )
}
