import {
  CreatedWebhookSchema,
  WebhookAttemptListSchema,
  WebhookCreateSchema,
  WebhookIdParamsSchema,
  WebhookListQuerySchema,
  WebhookListSchema,
  WebhookPatchSchema,
  WebhookSchema,
  WebhookTestResultSchema,
} from '../../../contract/webhooks'
import { currentUser, requirePermission } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { systemResolver } from './address-rules'
import {
  type DeliveryDeps,
  exponentialRetryDelay,
  queueDelivery,
  registerDeliveryWorker,
} from './delivery'
import { DELIVERY_TIMEOUT_MS, httpSender } from './sender'
import {
  createWebhook,
  deleteWebhook,
  deliveryLog,
  getWebhook,
  listWebhooks,
  patchWebhook,
  sendTestEvent,
  type WebhookDeps,
} from './service'

const tags = ['client']
const onRequest = requirePermission('client')
const params = WebhookIdParamsSchema

/** A client group's webhooks: registration, their delivery log, and test events. */
export const webhookRoutes: AppPlugin = async (app) => {
  const { jobs } = app
  const delivery: DeliveryDeps = {
    db: app.db,
    logger: app.log,
    allowPrivate: app.config.webhookAllowPrivate,
    resolve: systemResolver,
    send: httpSender,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    now: () => new Date(),
    retryDelay: exponentialRetryDelay,
    schedule: jobs ? (tx, deliveryId, at) => queueDelivery(jobs, tx, deliveryId, at) : null,
  }
  const deps: WebhookDeps = { ...delivery, jobs }
  if (jobs) await registerDeliveryWorker(jobs, delivery)

  app.get(
    '/client/webhooks/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The webhooks of the user's client groups",
        querystring: WebhookListQuerySchema,
        response: { 200: WebhookListSchema },
      },
    },
    async (request) => listWebhooks(app.db, currentUser(request), request.query.client_group),
  )

  app.post(
    '/client/webhooks/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Register a webhook; its signing secret is in this answer only',
        body: WebhookCreateSchema,
        response: { 201: CreatedWebhookSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebhook(deps, currentUser(request), request.body)),
  )

  app.get(
    '/client/webhooks/:id/',
    { onRequest, schema: { tags, params, response: { 200: WebhookSchema } } },
    async (request) => getWebhook(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/client/webhooks/:id/',
    {
      onRequest,
      schema: { tags, params, body: WebhookPatchSchema, response: { 200: WebhookSchema } },
    },
    async (request) => patchWebhook(deps, currentUser(request), request.params.id, request.body),
  )

  app.delete(
    '/client/webhooks/:id/',
    { onRequest, schema: { tags, params } },
    async (request, reply) => {
      await deleteWebhook(app.db, currentUser(request), request.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/client/webhooks/:id/deliveries/',
    {
      onRequest,
      schema: {
        tags,
        summary: "The latest delivery attempts of a webhook's events, newest first",
        params,
        response: { 200: WebhookAttemptListSchema },
      },
    },
    async (request) => deliveryLog(app.db, currentUser(request), request.params.id),
  )

  app.post(
    '/client/webhooks/:id/test/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a webhook.test event to this webhook',
        params,
        response: { 202: WebhookTestResultSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendTestEvent(deps, currentUser(request), request.params.id)),
  )
}
