import * as v from 'valibot'
import {
  AdminApiTokenListSchema,
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenListQuerySchema,
  ApiTokenListSchema,
} from '../../../../contract/api-tokens'
import { IdParamSchema } from '../../../../contract/common'
import { currentUser, requirePermission, requireUser } from '../../../http/guards'
import { pageEnvelope } from '../../../http/paging'
import type { AppPlugin } from '../../../http/valibot'
import {
  allApiTokens,
  createApiToken,
  ownApiTokens,
  refuseTokenCreationByToken,
  revokeAnyApiToken,
  revokeOwnApiToken,
} from './service'

const params = v.object({ id: IdParamSchema })

/** Personal API tokens: each user's own under /auth/tokens/, everyone's for staff under /admin/. */
export const apiTokenRoutes: AppPlugin = async (app) => {
  const tags = ['auth']
  app.get(
    '/auth/tokens/',
    {
      onRequest: requireUser,
      schema: { tags, querystring: ApiTokenListQuerySchema, response: { 200: ApiTokenListSchema } },
    },
    async (request) => {
      const { count, results } = await ownApiTokens(app.db, currentUser(request), request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.post(
    '/auth/tokens/',
    {
      onRequest: requireUser,
      schema: { tags, body: ApiTokenCreateSchema, response: { 201: ApiTokenCreatedSchema } },
    },
    async (request, reply) => {
      if (request.apiTokenId !== null) throw refuseTokenCreationByToken()
      const created = await createApiToken(app.db, currentUser(request), request.body)
      return reply.code(201).send(created)
    },
  )

  app.delete(
    '/auth/tokens/:id/',
    { onRequest: requireUser, schema: { tags, params } },
    async (request, reply) => {
      await revokeOwnApiToken(app.db, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  const staff = { onRequest: requirePermission('staff') }
  app.get(
    '/admin/api-tokens/',
    {
      ...staff,
      schema: {
        tags: ['admin'],
        querystring: ApiTokenListQuerySchema,
        response: { 200: AdminApiTokenListSchema },
      },
    },
    async (request) => {
      const { count, results } = await allApiTokens(app.db, request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.delete(
    '/admin/api-tokens/:id/',
    { ...staff, schema: { tags: ['admin'], params } },
    async (request, reply) => {
      await revokeAnyApiToken(app.db, request.params.id)
      return reply.code(204).send()
    },
  )
}
