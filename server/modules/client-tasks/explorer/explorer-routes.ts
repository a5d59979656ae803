import {
  AnnotationListQuerySchema,
  AnnotationPageSchema,
  FakeMediaParamsSchema,
  FakeTaskQuerySchema,
  FakeTaskSchema,
  GoldItemSchema,
  GoldParamsSchema,
  GoldRequestSchema,
  TaskIdParamsSchema,
} from '../../../../contract/client-tasks'
import { MediaQuerySchema } from '../../../../contract/media'
import { currentUser, requirePermission } from '../../../http/guards'
import { pageEnvelope } from '../../../http/paging'
import type { AppPlugin } from '../../../http/valibot'
import { sendItemMedia } from '../../media/item-media'
import { listAnnotations } from './annotations'
import { setGold, unsetGold } from './gold'
import { fakeTask, fakeTaskMedia } from './preview'

const tags = ['client']
const onRequest = requirePermission('client')

/**
 * Views into a task's content: the fake-task preview and the annotations explorer, where an
 * item can be made a gold item.
 */
export const explorerRoutes: AppPlugin = async (app) => {
  app.get(
    '/client/fake-tasks/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: TaskIdParamsSchema,
        querystring: FakeTaskQuerySchema,
        response: { 200: FakeTaskSchema },
      },
    },
    async (request) =>
      fakeTask(app.db, currentUser(request), request.params.id, request.query.offset),
  )

  app.get(
    '/client/fake-tasks/:taskId/media/:itemId/:uuid/',
    { onRequest, schema: { tags, params: FakeMediaParamsSchema, querystring: MediaQuerySchema } },
    async (request, reply) => {
      const media = await fakeTaskMedia(app.db, currentUser(request), request.params)
      return sendItemMedia(request, reply, app.media, media, request.query)
    },
  )

  app.get(
    '/client/tasks/:id/annotations/',
    {
      onRequest,
      schema: {
        tags,
        params: TaskIdParamsSchema,
        querystring: AnnotationListQuerySchema,
        response: { 200: AnnotationPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await listAnnotations(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
      )
      return pageEnvelope(request, request.query, count, results)
    },
  )

  app.put(
    '/client/tasks/:id/items/:item_id/gold/',
    {
      onRequest,
      schema: {
        tags,
        params: GoldParamsSchema,
        body: GoldRequestSchema,
        response: { 200: GoldItemSchema },
      },
    },
    async (request) =>
      setGold(
        app.db,
        currentUser(request),
        { taskId: request.params.id, itemId: request.params.item_id },
        request.body.expected,
      ),
  )

  app.delete(
    '/client/tasks/:id/items/:item_id/gold/',
    { onRequest, schema: { tags, params: GoldParamsSchema } },
    async (request, reply) => {
      await unsetGold(app.db, currentUser(request), {
        taskId: request.params.id,
        itemId: request.params.item_id,
      })
      return reply.code(204).send()
    },
  )
}
