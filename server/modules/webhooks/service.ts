import { msg } from '#lingui-message'
import {
  type CreatedWebhook,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookAttempt,
  type WebhookCreate,
  type WebhookPatch,
  type WebhookTestResult,
} from '../../../contract/webhooks'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { conflict, fieldError, notFound } from '../../http/errors'
import type { JobQueue } from '../../jobs/queue'
import { listClientGroups } from '../client-groups/queries'
import { assertInClientScope, canSeeClientGroup, clientScopeOf } from '../client-groups/scope'
import { urlProblem } from './address-rules'
import { attemptDelivery, type DeliveryDeps, queueDelivery } from './delivery'
import { eventBody } from './events'
import {
  attemptLog,
  deleteWebhookRow,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listWebhookRows,
  updateWebhook,
  type WebhookRow,
} from './queries'
import { newMessageId, newWebhookSecret } from './signature'

export type WebhookDeps = DeliveryDeps & { jobs: JobQueue | null }

/** The delivery log shows this many of the latest attempts. */
export const DELIVERY_LOG_LENGTH = 100

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    client_group: row.clientGroupId,
    url: row.url,
    events: row.events as Webhook['events'],
    active: row.active,
    created_at: row.createdAt.toISOString(),
  }
}

/** The registration-time part of the SSRF rule; deliveries check the resolved address too. */
function checkUrl(url: string, allowPrivate: boolean): void {
  const problem = urlProblem(new URL(url), allowPrivate)
  if (problem === 'scheme') throw fieldError('url', msg`must be an https:// URL`)
  if (problem === 'credentials') {
    throw fieldError('url', msg`must not contain a user name or password`)
  }
  if (problem === 'address') {
    throw fieldError('url', msg`must point to a public address, not a private or local one`)
  }
}

export async function listWebhooks(db: Db, user: SessionUser, clientGroupId?: number) {
  const scope = await clientScopeOf(db, user)
  const groupIds =
    clientGroupId === undefined
      ? scope.groupIds
      : canSeeClientGroup(scope, clientGroupId)
        ? [clientGroupId]
        : []
  return (await listWebhookRows(db, groupIds)).map(toWebhook)
}

async function webhookInScope(db: Db, user: SessionUser, id: number) {
  const scope = await clientScopeOf(db, user)
  return assertInClientScope(scope, await findWebhook(db, id), msg`Webhook not found.`)
}

export async function getWebhook(db: Db, user: SessionUser, id: number): Promise<Webhook> {
  return toWebhook(await webhookInScope(db, user, id))
}

export async function createWebhook(
  deps: WebhookDeps,
  user: SessionUser,
  body: WebhookCreate,
): Promise<CreatedWebhook> {
  const scope = await clientScopeOf(deps.db, user)
  const [group] = canSeeClientGroup(scope, body.client_group)
    ? await listClientGroups(deps.db, [body.client_group])
    : []
  if (!group) throw notFound(msg`Client group not found.`)
  checkUrl(body.url, deps.allowPrivate)
  const row = await insertWebhook(deps.db, {
    clientGroupId: group.id,
    url: body.url,
    events: body.events,
    active: body.active,
    secret: newWebhookSecret(),
    createdById: user.id,
  })
  return { ...toWebhook(row), secret: row.secret }
}

export async function patchWebhook(
  deps: WebhookDeps,
  user: SessionUser,
  id: number,
  patch: WebhookPatch,
): Promise<Webhook> {
  await webhookInScope(deps.db, user, id)
  if (patch.url !== undefined) checkUrl(patch.url, deps.allowPrivate)
  if (Object.values(patch).some((value) => value !== undefined)) {
    await updateWebhook(deps.db, id, patch)
  }
  return getWebhook(deps.db, user, id)
}

export async function deleteWebhook(db: Db, user: SessionUser, id: number): Promise<void> {
  await webhookInScope(db, user, id)
  await deleteWebhookRow(db, id)
}

export async function deliveryLog(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<WebhookAttempt[]> {
  await webhookInScope(db, user, id)
  const rows = await attemptLog(db, id, DELIVERY_LOG_LENGTH)
  return rows.map(({ attempt, delivery }) => ({
    delivery_id: delivery.messageId,
    event: delivery.eventType,
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt.toISOString(),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    delivery_status: delivery.status,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  }))
}

/**
 * Sends a `webhook.test` event to this webhook alone, through the same deliveries, signatures
 * and retries as real events. Without a job queue (tests, tools) the first attempt runs before
 * the answer.
 */
export async function sendTestEvent(
  deps: WebhookDeps,
  user: SessionUser,
  id: number,
): Promise<WebhookTestResult> {
  const { db, jobs } = deps
  const webhook = await webhookInScope(db, user, id)
  if (!webhook.active) {
    throw conflict(msg`This webhook is inactive; turn it on to send it a test event.`)
  }
  const data = { webhook_id: webhook.id, client_group_id: webhook.clientGroupId }
  const deliveryId = await db.transaction(async (tx) => {
    const [row] = await insertDeliveries(tx, [
      {
        webhookId: webhook.id,
        messageId: newMessageId(),
        eventType: WEBHOOK_TEST_EVENT,
        body: eventBody(WEBHOOK_TEST_EVENT, deps.now(), data),
      },
    ])
    if (!row) throw new Error('delivery insert returned nothing')
    if (jobs) await queueDelivery(jobs, tx, row.id)
    return row.id
  })
  if (!jobs) await attemptDelivery(deps, deliveryId)
  const delivery = await findDelivery(db, deliveryId)
  if (!delivery) throw notFound(msg`Webhook not found.`)
  return { delivery_id: delivery.messageId, status: delivery.status }
}
