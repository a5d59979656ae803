import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  AdminClientGroupListSchema,
  AdminClientGroupSchema,
  AdminLanguageListSchema,
  AdminLanguageSchema,
  AdminProjectListSchema,
  AdminProjectSchema,
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  AdminUserUpdateSchema,
  ClientGroupInputSchema,
  ClientGroupListQuerySchema,
  EndworkerGroupInputSchema,
  EndworkerGroupListQuerySchema,
  EndworkerGroupListSchema,
  EndworkerGroupSchema,
  LanguageInputSchema,
  LanguageListQuerySchema,
  ProjectInputSchema,
  ProjectListQuerySchema,
  TimelogTypeInputSchema,
  TimelogTypeListQuerySchema,
  TimelogTypeListSchema,
  TimelogTypeSchema,
} from '../../../contract/admin'
import { IdParamSchema } from '../../../contract/common'
import type { Db } from '../../db/client'
import { currentUser, requirePermission } from '../../http/guards'
import { pageEnvelope } from '../../http/paging'
import type { AppPlugin } from '../../http/valibot'
import { languageService, projectService, timelogTypeService } from './dictionary-service'
import { clientGroupService, endworkerGroupService } from './groups-service'
import { adminUsers, createAdminUser, updateAdminUser } from './users-service'

const tags = ['admin']
const onRequest = requirePermission('staff')
const params = v.object({ id: IdParamSchema })

type PageQuery = { offset: number; limit: number }

/** The id path parameter, turned into a number by the route's params schema. */
const idOf = (request: FastifyRequest) => (request.params as v.InferOutput<typeof params>).id

/**
 * List, create, replace (PUT) and delete of one kind of thing at `/admin/<path>/`: the same
 * calls for groups, languages, projects and time-log types.
 */
function registerCollection<
  TQuery extends v.GenericSchema<unknown, PageQuery>,
  TInput extends v.GenericSchema,
  TItem extends v.GenericSchema,
  TList extends v.GenericSchema,
>(
  app: FastifyInstance,
  path: string,
  schemas: { query: TQuery; input: TInput; item: TItem; list: TList },
  service: {
    list: (
      db: Db,
      query: v.InferOutput<TQuery>,
    ) => Promise<{ count: number; results: v.InferOutput<TItem>[] }>
    create: (db: Db, input: v.InferOutput<TInput>) => Promise<v.InferOutput<TItem>>
    replace: (db: Db, id: number, input: v.InferOutput<TInput>) => Promise<v.InferOutput<TItem>>
    remove: (db: Db, id: number) => Promise<void>
  },
) {
  // The route options see plain schemas: the generic ones defeat Fastify's reply type inference.
  const { query, input, item, list }: Record<keyof typeof schemas, v.GenericSchema> = schemas
  const collection = `/admin/${path}/`
  const member = `/admin/${path}/:id/`
  app.get(
    collection,
    { onRequest, schema: { tags, querystring: query, response: { 200: list } } },
    async (request) => {
      const query = request.query as v.InferOutput<TQuery>
      const { count, results } = await service.list(app.db, query)
      return pageEnvelope(request, query, count, results)
    },
  )
  app.post(
    collection,
    { onRequest, schema: { tags, body: input, response: { 201: item } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(app.db, request.body as v.InferOutput<TInput>)),
  )
  app.put(
    member,
    { onRequest, schema: { tags, params, body: input, response: { 200: item } } },
    async (request) =>
      service.replace(app.db, idOf(request), request.body as v.InferOutput<TInput>),
  )
  app.delete(member, { onRequest, schema: { tags, params } }, async (request, reply) => {
    await service.remove(app.db, idOf(request))
    return reply.code(204).send()
  })
}

/** The staff administration: every call answers 403 to anyone but staff. */
export const adminRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/users/',
    {
      onRequest,
      schema: {
        tags,
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema },
      },
    },
    async (request) => {
      const { count, results } = await adminUsers(app.db, request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.post(
    '/admin/users/',
    {
      onRequest,
      schema: { tags, body: AdminUserCreateSchema, response: { 201: AdminUserSchema } },
    },
    async (request, reply) => reply.code(201).send(await createAdminUser(app.db, request.body)),
  )

  app.patch(
    '/admin/users/:id/',
    {
      onRequest,
      schema: { tags, params, body: AdminUserUpdateSchema, response: { 200: AdminUserSchema } },
    },
    async (request) =>
      updateAdminUser(app.db, request.params.id, request.body, currentUser(request).id),
  )

  registerCollection(
    app,
    'endworker-groups',
    {
      query: EndworkerGroupListQuerySchema,
      input: EndworkerGroupInputSchema,
      item: EndworkerGroupSchema,
      list: EndworkerGroupListSchema,
    },
    endworkerGroupService,
  )

  registerCollection(
    app,
    'client-groups',
    {
      query: ClientGroupListQuerySchema,
      input: ClientGroupInputSchema,
      item: AdminClientGroupSchema,
      list: AdminClientGroupListSchema,
    },
    clientGroupService,
  )

  registerCollection(
    app,
    'languages',
    {
      query: LanguageListQuerySchema,
      input: LanguageInputSchema,
      item: AdminLanguageSchema,
      list: AdminLanguageListSchema,
    },
    languageService,
  )

  registerCollection(
    app,
    'projects',
    {
      query: ProjectListQuerySchema,
      input: ProjectInputSchema,
      item: AdminProjectSchema,
      list: AdminProjectListSchema,
    },
    projectService,
  )

  registerCollection(
    app,
    'timelog-types',
    {
      query: TimelogTypeListQuerySchema,
      input: TimelogTypeInputSchema,
      item: TimelogTypeSchema,
      list: TimelogTypeListSchema,
    },
    timelogTypeService,
  )
}
