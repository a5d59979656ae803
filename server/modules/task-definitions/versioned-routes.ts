import * as v from 'valibot'
import {
  IdParamsSchema,
  type VersionedDetailQuery,
  VersionedDetailQuerySchema,
  type VersionedListQuery,
  VersionedListQuerySchema,
  type VersionRef,
} from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { pageEnvelope } from './listing'

/** The calls schemas and protocols share; their writes differ and are registered apart. */
export type VersionedReads<E> = {
  list: (
    db: Db,
    user: SessionUser,
    query: VersionedListQuery,
  ) => Promise<{ count: number; results: E[] }>
  listRefs: (db: Db, user: SessionUser, query: VersionedListQuery) => Promise<VersionRef[]>
  get: (
    db: Db,
    user: SessionUser,
    id: number,
    query: VersionedDetailQuery,
  ) => Promise<E | VersionRef>
  previousVersions: (db: Db, user: SessionUser, id: number) => Promise<E[]>
  remove: (db: Db, user: SessionUser, id: number) => Promise<void>
}

export type VersionedSchemas = {
  entity: v.GenericSchema
  list: v.GenericSchema
  detail: v.GenericSchema
}

/** GET list, GET one, GET previous-versions and DELETE under `base` (e.g. /client/task-schemas). */
export function registerVersionedReads<E>(
  app: Parameters<AppPlugin>[0],
  base: string,
  schemas: VersionedSchemas,
  service: VersionedReads<E>,
) {
  const tags = ['client']
  const onRequest = requirePermission('client')

  app.get(
    `${base}/`,
    {
      onRequest,
      schema: { tags, querystring: VersionedListQuerySchema, response: { 200: schemas.list } },
    },
    async (request) => {
      const user = currentUser(request)
      if (request.query.base) return service.listRefs(app.db, user, request.query)
      const page = await service.list(app.db, user, request.query)
      return pageEnvelope(request.url, request.query, page.count, page.results)
    },
  )

  app.get(
    `${base}/:id/`,
    {
      onRequest,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: VersionedDetailQuerySchema,
        response: { 200: schemas.detail },
      },
    },
    async (request) => service.get(app.db, currentUser(request), request.params.id, request.query),
  )

  app.get(
    `${base}/:id/previous-versions/`,
    {
      onRequest,
      schema: { tags, params: IdParamsSchema, response: { 200: v.array(schemas.entity) } },
    },
    async (request) => service.previousVersions(app.db, currentUser(request), request.params.id),
  )

  app.delete(
    `${base}/:id/`,
    { onRequest, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await service.remove(app.db, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
