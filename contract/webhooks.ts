import * as v from 'valibot'
import { msg } from '#lingui-message'
import { IdParamSchema, IdSchema } from './common'
import { english } from './english-message'

/** What a webhook may subscribe to; `webhook.test` is only sent by the "Send test event" call. */
export const WEBHOOK_EVENTS = [
  'task.import_finished',
  'task.import_failed',
  'task.finished',
  'task.export_finished',
  'task.export_failed',
  'quality.worker_stopped',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const

export const WEBHOOK_URL_MAX_LENGTH = 2000

const WebhookUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(
    WEBHOOK_URL_MAX_LENGTH,
    english(msg({ message: 'must be at most {max} characters' }), {
      max: WEBHOOK_URL_MAX_LENGTH,
    }),
  ),
  v.url(english(msg`must be a URL such as https://example.org/hooks`)),
)

const WebhookEventsSchema = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, english(msg`is not a known event`))),
  v.minLength(1, english(msg`Choose at least one event.`)),
  v.transform((events) => [...new Set(events)]),
)

export const WebhookCreateSchema = v.strictObject({
  client_group: IdSchema,
  url: WebhookUrlSchema,
  events: WebhookEventsSchema,
  active: v.optional(v.boolean(), true),
})
export type WebhookCreate = v.InferOutput<typeof WebhookCreateSchema>

export const WebhookPatchSchema = v.strictObject({
  url: v.optional(WebhookUrlSchema),
  events: v.optional(WebhookEventsSchema),
  active: v.optional(v.boolean()),
})
export type WebhookPatch = v.InferOutput<typeof WebhookPatchSchema>

export const WebhookSchema = v.object({
  id: IdSchema,
  client_group: IdSchema,
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  active: v.boolean(),
  created_at: v.string(),
})
export type Webhook = v.InferOutput<typeof WebhookSchema>
export const WebhookListSchema = v.array(WebhookSchema)

/** The answer to a creation: the only time the signing secret is shown. */
export const CreatedWebhookSchema = v.object({ ...WebhookSchema.entries, secret: v.string() })
export type CreatedWebhook = v.InferOutput<typeof CreatedWebhookSchema>

export const WebhookListQuerySchema = v.object({ client_group: v.optional(IdParamSchema) })
export const WebhookIdParamsSchema = v.object({ id: IdParamSchema })

/** One try at sending one event: the delivery log. */
export const WebhookAttemptSchema = v.object({
  /** The delivery's `webhook-id`; the retries of one event share it. */
  delivery_id: v.string(),
  event: v.string(),
  attempt: v.number(),
  attempted_at: v.string(),
  /** The receiver's HTTP status, or null when no answer came (see error). */
  status_code: v.nullable(v.number()),
  duration_ms: v.number(),
  error: v.nullable(v.string()),
  /** Where the delivery as a whole stands: retried (PENDING), delivered, given up, or stopped. */
  delivery_status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  next_attempt_at: v.nullable(v.string()),
})
export type WebhookAttempt = v.InferOutput<typeof WebhookAttemptSchema>
export const WebhookAttemptListSchema = v.array(WebhookAttemptSchema)

/** The answer to "Send test event": the delivery made, and its first attempt when it ran at once. */
export const WebhookTestResultSchema = v.object({
  delivery_id: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
})
export type WebhookTestResult = v.InferOutput<typeof WebhookTestResultSchema>
