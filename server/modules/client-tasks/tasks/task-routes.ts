import {
  TaskBulkDeleteResultSchema,
  TaskBulkDeleteSchema,
  TaskBulkUpdateResultSchema,
  TaskBulkUpdateSchema,
  TaskCountSchema,
  TaskFiltersQuerySchema,
  TaskIdParamsSchema,
  TaskListQuerySchema,
  TaskPageSchema,
  TaskPatchSchema,
  TaskSchema,
} from '../../../../contract/client-tasks'
import { currentUser, requirePermission } from '../../../http/guards'
import { inRequestLanguage } from '../../../http/i18n'
import { pageEnvelope } from '../../../http/paging'
import type { AppPlugin } from '../../../http/valibot'
import { appWebhookEvents } from '../../webhooks/events'
import {
  bulkDeleteTasks,
  bulkUpdateTasks,
  countFilteredTasks,
  deleteTask,
  getTask,
  listTasks,
  patchTask,
} from './task-service'

const tags = ['client']
const onRequest = requirePermission('client')

/** The tasks list, the task panel and its edits. */
export const taskRoutes: AppPlugin = async (app) => {
  const deps = { db: app.db, media: app.media }
  const patchDeps = { db: app.db, events: appWebhookEvents(app) }

  app.get(
    '/client/tasks/',
    {
      onRequest,
      schema: { tags, querystring: TaskListQuerySchema, response: { 200: TaskPageSchema } },
    },
    async (request) => {
      const { count, results } = await listTasks(app.db, currentUser(request), request.query)
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.get(
    '/client/tasks/stats/',
    {
      onRequest,
      schema: { tags, querystring: TaskFiltersQuerySchema, response: { 200: TaskCountSchema } },
    },
    async (request) => countFilteredTasks(app.db, currentUser(request), request.query),
  )

  app.patch(
    '/client/tasks/bulk_update/',
    {
      onRequest,
      schema: {
        tags,
        body: TaskBulkUpdateSchema,
        response: { 200: TaskBulkUpdateResultSchema },
      },
    },
    async (request) =>
      bulkUpdateTasks(
        patchDeps,
        currentUser(request),
        request.body.ids,
        request.body.data,
        inRequestLanguage(request),
      ),
  )

  app.delete(
    '/client/tasks/bulk_delete/',
    {
      onRequest,
      schema: {
        tags,
        body: TaskBulkDeleteSchema,
        response: { 200: TaskBulkDeleteResultSchema },
      },
    },
    async (request) =>
      bulkDeleteTasks(deps, currentUser(request), request.body.ids, inRequestLanguage(request)),
  )

  app.get(
    '/client/tasks/:id/',
    { onRequest, schema: { tags, params: TaskIdParamsSchema, response: { 200: TaskSchema } } },
    async (request) => getTask(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/client/tasks/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: TaskIdParamsSchema,
        body: TaskPatchSchema,
        response: { 200: TaskSchema },
      },
    },
    async (request) => patchTask(patchDeps, currentUser(request), request.params.id, request.body),
  )

  app.delete(
    '/client/tasks/:id/',
    { onRequest, schema: { tags, params: TaskIdParamsSchema } },
    async (request, reply) => {
      await deleteTask(deps, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
