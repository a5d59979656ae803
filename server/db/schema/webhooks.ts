import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { WEBHOOK_DELIVERY_STATUSES } from '../../../contract/webhooks'
import {
  cascadeRef,
  createdAt,
  identityId,
  oneOf,
  optionalTimestamp,
  requiredTimestamp,
  setNullRef,
} from './columns'
import { clientGroups } from './groups'
import { users } from './identity'

/**
 * A receiver a client group registered for events about its tasks. The secret signs every
 * delivery (Standard Webhooks, `whsec_` + base64), so it is kept as it is: the server needs it.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: identityId(),
    clientGroupId: cascadeRef(() => clientGroups.id),
    url: text().notNull(),
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    secret: text().notNull(),
    createdById: setNullRef(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_client_group_idx').on(t.clientGroupId)],
)

export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/**
 * One event for one webhook. Its message id is the `webhook-id` header of every attempt, so a
 * receiver recognises a retry; the body is kept as sent so every attempt sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: identityId(),
    messageId: text().notNull().unique(),
    webhookId: cascadeRef(() => webhooks.id),
    eventType: text().notNull(),
    body: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: optionalTimestamp(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    check('webhook_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
)

/** One try at sending a delivery: the delivery log a webhook's page shows. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: identityId(),
    deliveryId: cascadeRef(() => webhookDeliveries.id),
    attempt: integer().notNull(),
    attemptedAt: requiredTimestamp(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
)
