import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'
import {
  CreatedRegistrationKeySchema,
  CreatedResetKeySchema,
  type KeyListQuery,
  KeyListQuerySchema,
  RegistrationKeyInputSchema,
  RegistrationKeyListSchema,
  RegistrationKeySchema,
  ResetKeyInputSchema,
  ResetKeyListSchema,
} from '../../../contract/coordinator-keys'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import {
  createRegistrationKey,
  createResetKey,
  type KeyMaker,
  keyScopeOf,
  registrationKeys,
  removeRegistrationKey,
  removeResetKey,
  replaceRegistrationKey,
  resetKeys,
} from './keys-service'

const tags = ['coordinator']
const onRequest = requirePermission('coordinator')
const params = v.object({ id: IdParamSchema })

/** The offset-paged envelope with absolute `next` and `previous` links to the same list. */
function paged<T>(
  request: FastifyRequest,
  query: KeyListQuery,
  page: { count: number; results: T[] },
) {
  const link = (offset: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`)
    url.searchParams.set('offset', String(offset))
    url.searchParams.set('limit', String(query.limit))
    return url.toString()
  }
  return {
    ...page,
    next: query.offset + query.limit < page.count ? link(query.offset + query.limit) : null,
    previous: query.offset > 0 ? link(Math.max(0, query.offset - query.limit)) : null,
  }
}

/** Registration and password-reset keys of the caller's coordination groups (all for staff). */
export const coordinatorKeyRoutes: AppPlugin = async (app) => {
  const origin = () => app.config.publicOrigins[0] ?? ''
  const scopeOf = (request: FastifyRequest) => keyScopeOf(app.db, currentUser(request))
  const makerOf = async (request: FastifyRequest): Promise<KeyMaker> => ({
    scope: await scopeOf(request),
    userId: currentUser(request).id,
  })

  app.get(
    '/coordinator/registration-keys/',
    {
      onRequest,
      schema: {
        tags,
        querystring: KeyListQuerySchema,
        response: { 200: RegistrationKeyListSchema },
      },
    },
    async (request) =>
      paged(
        request,
        request.query,
        await registrationKeys(app.db, await scopeOf(request), request.query),
      ),
  )

  app.post(
    '/coordinator/registration-keys/',
    {
      onRequest,
      schema: {
        tags,
        body: RegistrationKeyInputSchema,
        response: { 201: CreatedRegistrationKeySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRegistrationKey(app.db, await makerOf(request), request.body, origin())),
  )

  app.put(
    '/coordinator/registration-keys/:id/',
    {
      onRequest,
      schema: {
        tags,
        params,
        body: RegistrationKeyInputSchema,
        response: { 200: RegistrationKeySchema },
      },
    },
    async (request) =>
      replaceRegistrationKey(app.db, await scopeOf(request), request.params.id, request.body),
  )

  app.delete(
    '/coordinator/registration-keys/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await removeRegistrationKey(app.db, await scopeOf(request), request.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/coordinator/reset-password-keys/',
    {
      onRequest,
      schema: { tags, querystring: KeyListQuerySchema, response: { 200: ResetKeyListSchema } },
    },
    async (request) =>
      paged(request, request.query, await resetKeys(app.db, await scopeOf(request), request.query)),
  )

  app.post(
    '/coordinator/reset-password-keys/',
    {
      onRequest,
      schema: { tags, body: ResetKeyInputSchema, response: { 201: CreatedResetKeySchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createResetKey(app.db, await makerOf(request), request.body, origin())),
  )

  app.delete(
    '/coordinator/reset-password-keys/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await removeResetKey(app.db, await scopeOf(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
