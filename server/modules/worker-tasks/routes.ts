import { MediaQuerySchema } from '../../../contract/media'
import {
  AnnotationSaveResultSchema,
  AnnotationSaveSchema,
  ItemSetFinishResultSchema,
  ItemSetIdParamsSchema,
  ItemSetItemParamsSchema,
  ItemSetMediaParamsSchema,
  ProtocolConfirmResultSchema,
  TaskIdParamsSchema,
  WorkerItemSetSchema,
  WorkerProtocolParamsSchema,
  WorkerProtocolQuerySchema,
  WorkerProtocolViewSchema,
  WorkerTaskListSchema,
} from '../../../contract/worker'
import { currentUser, requirePermission } from '../../http/guards'
import { idempotencyOf, keyedRequestOf, sendAnswer } from '../../http/idempotency'
import { sessionCheckedByRoute, sessionFoundLive, sessionIdHashToCheck } from '../../http/session'
import type { AppPlugin } from '../../http/valibot'
import { sendItemMedia } from '../media/item-media'
import { sendStoredFile } from '../media/storage'
import { appWebhookEvents } from '../webhooks/events'
import { saveAnnotation, saveAnnotationAtOnce } from './annotations'
import { claimItemSet } from './claim'
import { finishItemSet } from './finish'
import { workerItemMedia, workerItemSet } from './item-sets'
import { confirmProtocol, workerProtocol, workerProtocolFile } from './protocols'
import { workerTasks } from './task-list'

const tags = ['endworker']
const onRequest = requirePermission('endworker')
// Saves come every few seconds from every worker: the usual one checks its session itself.
const saveSession = sessionCheckedByRoute(onRequest)

/** The end worker's tasks, item sets, annotations and protocols (contract/worker.ts). */
export const workerTaskRoutes: AppPlugin = async (app) => {
  const mediaStore = app.media
  const events = appWebhookEvents(app)

  app.get(
    '/endworker/tasks/',
    { onRequest, schema: { tags, response: { 200: WorkerTaskListSchema } } },
    async (request) => workerTasks(app.db, currentUser(request)),
  )

  app.post(
    '/endworker/tasks/:taskId/item-sets/',
    {
      onRequest,
      schema: {
        tags,
        params: TaskIdParamsSchema,
        response: { 200: WorkerItemSetSchema, 201: WorkerItemSetSchema },
      },
    },
    async (request, reply) => {
      const answer = await claimItemSet(
        app.db,
        currentUser(request),
        request.params.taskId,
        idempotencyOf(request),
      )
      return sendAnswer(reply, answer)
    },
  )

  app.get(
    '/endworker/item-sets/:itemSetId/',
    {
      onRequest,
      schema: { tags, params: ItemSetIdParamsSchema, response: { 200: WorkerItemSetSchema } },
    },
    async (request) => workerItemSet(app.db, currentUser(request), request.params.itemSetId),
  )

  app.get(
    '/endworker/item-sets/:itemSetId/media/:itemId/:uuid/',
    {
      onRequest,
      schema: { tags: ['media'], params: ItemSetMediaParamsSchema, querystring: MediaQuerySchema },
    },
    async (request, reply) => {
      const media = await workerItemMedia(app.db, currentUser(request), request.params)
      return sendItemMedia(request, reply, mediaStore, media, request.query)
    },
  )

  app.put(
    '/endworker/item-sets/:itemSetId/items/:itemId/annotation/',
    {
      ...saveSession.options,
      schema: {
        tags,
        params: ItemSetItemParamsSchema,
        body: AnnotationSaveSchema,
        response: { 200: AnnotationSaveResultSchema },
      },
    },
    async (request, reply) => {
      const idHash = sessionIdHashToCheck(request)
      const saved =
        idHash &&
        (await saveAnnotationAtOnce(
          app.db,
          idHash,
          request.params,
          request.body,
          keyedRequestOf(request),
        ))
      if (saved) {
        await sessionFoundLive(request, reply, saved.sessionStale)
        return sendAnswer(reply, saved.answer)
      }
      await saveSession.settleSession(request, reply)
      const answer = await saveAnnotation(
        app.db,
        events,
        currentUser(request),
        request.params,
        request.body,
        idempotencyOf(request),
      )
      return sendAnswer(reply, answer)
    },
  )

  app.post(
    '/endworker/item-sets/:itemSetId/finish/',
    {
      onRequest,
      schema: {
        tags,
        params: ItemSetIdParamsSchema,
        response: { 200: ItemSetFinishResultSchema },
      },
    },
    async (request, reply) => {
      const answer = await finishItemSet(
        app.db,
        currentUser(request),
        request.params.itemSetId,
        idempotencyOf(request),
      )
      return sendAnswer(reply, answer)
    },
  )

  app.get(
    '/endworker/protocols/:id/',
    {
      onRequest,
      schema: {
        tags,
        params: WorkerProtocolParamsSchema,
        querystring: WorkerProtocolQuerySchema,
        response: { 200: WorkerProtocolViewSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request)
      if (!request.query.serve) return workerProtocol(app.db, user, request.params.id)
      const file = await workerProtocolFile(app.db, user, request.params.id)
      return sendStoredFile(request, reply, mediaStore, file)
    },
  )

  app.post(
    '/endworker/protocols/:id/confirm/',
    {
      onRequest,
      schema: {
        tags,
        params: WorkerProtocolParamsSchema,
        response: { 200: ProtocolConfirmResultSchema },
      },
    },
    async (request, reply) => {
      const answer = await confirmProtocol(
        app.db,
        currentUser(request),
        request.params.id,
        idempotencyOf(request),
      )
      return sendAnswer(reply, answer)
    },
  )
}
