import {
  EndworkerStatListSchema,
  EndworkerStatsQuerySchema,
  IdParamsSchema,
  LanguageStatListSchema,
  LanguageStatsQuerySchema,
  TaskTypeCreateSchema,
  TaskTypeEntitySchema,
  TaskTypeLanguageListSchema,
  TaskTypeListQuerySchema,
  TaskTypePageSchema,
  TaskTypePatchSchema,
} from '../../../contract/client-definitions'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { pageEnvelope } from './listing'
import { endworkerStats, languageStats, languagesOfTaskType } from './stats-service'
import {
  createTaskType,
  deleteTaskType,
  getTaskType,
  listTaskTypes,
  patchTaskType,
} from './task-type-service'

const tags = ['client']
const onRequest = requirePermission('client')
const params = IdParamsSchema

export const taskTypeRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/task-types/',
    {
      onRequest,
      schema: { tags, querystring: TaskTypeListQuerySchema, response: { 200: TaskTypePageSchema } },
    },
    async (request) => {
      const page = await listTaskTypes(app.db, currentUser(request), request.query)
      return pageEnvelope(request.url, request.query, page.count, page.results)
    },
  )

  app.post(
    '/client/task-types/',
    {
      onRequest,
      schema: { tags, body: TaskTypeCreateSchema, response: { 201: TaskTypeEntitySchema } },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createTaskType(app.db, currentUser(request), request.body, {
          publicInstance: app.config.publicInstance,
        }),
      ),
  )

  app.get(
    '/client/task-types/:id/',
    { onRequest, schema: { tags, params, response: { 200: TaskTypeEntitySchema } } },
    async (request) => getTaskType(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/client/task-types/:id/',
    {
      onRequest,
      schema: { tags, params, body: TaskTypePatchSchema, response: { 200: TaskTypeEntitySchema } },
    },
    async (request) => patchTaskType(app.db, currentUser(request), request.params.id, request.body),
  )

  app.delete(
    '/client/task-types/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await deleteTaskType(app.db, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  for (const side of ['base', 'target'] as const) {
    app.get(
      `/client/task-types/:id/${side}-languages/`,
      { onRequest, schema: { tags, params, response: { 200: TaskTypeLanguageListSchema } } },
      async (request) => languagesOfTaskType(app.db, currentUser(request), request.params.id, side),
    )
  }

  app.get(
    '/client/task-types/:id/language-stats/',
    {
      onRequest,
      schema: {
        tags,
        params,
        querystring: LanguageStatsQuerySchema,
        response: { 200: LanguageStatListSchema },
      },
    },
    async (request) =>
      languageStats(app.db, currentUser(request), request.params.id, request.query),
  )

  app.get(
    '/client/task-types/:id/endworker-stats/',
    {
      onRequest,
      schema: {
        tags,
        params,
        querystring: EndworkerStatsQuerySchema,
        response: { 200: EndworkerStatListSchema },
      },
    },
    async (request) =>
      endworkerStats(app.db, currentUser(request), request.params.id, request.query),
  )
}
