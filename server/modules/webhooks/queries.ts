import { and, arrayContains, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  tasks,
  taskTypes,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhooks,
} from '../../db/schema'

export type WebhookRow = typeof webhooks.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

/** Webhooks of these client groups (null: every group), newest first. */
export function listWebhookRows(db: Db, groupIds: number[] | null): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(groupIds === null ? undefined : inArray(webhooks.clientGroupId, groupIds))
    .orderBy(desc(webhooks.id))
}

export async function findWebhook(db: Db, id: number): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id))
  return row
}

export async function insertWebhook(db: Db, values: typeof webhooks.$inferInsert) {
  const [row] = await db.insert(webhooks).values(values).returning()
  if (!row) throw new Error('webhook insert returned nothing')
  return row
}

export async function updateWebhook(
  db: Db,
  id: number,
  values: Partial<Pick<WebhookRow, 'url' | 'events' | 'active'>>,
) {
  await db.update(webhooks).set(values).where(eq(webhooks.id, id))
}

/** Its deliveries and their log go with it, so a retry already queued finds nothing to send. */
export async function deleteWebhookRow(db: Db, id: number) {
  await db.delete(webhooks).where(eq(webhooks.id, id))
}

/** The active webhooks of a client group that subscribed to an event. */
export function subscribers(db: Db, clientGroupId: number, event: string) {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.clientGroupId, clientGroupId),
        eq(webhooks.active, true),
        arrayContains(webhooks.events, [event]),
      ),
    )
}

export async function insertDeliveries(db: Db, values: (typeof webhookDeliveries.$inferInsert)[]) {
  if (values.length === 0) return []
  return db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id })
}

/** A delivery with what sending it needs of its webhook; undefined once the webhook is deleted. */
export async function deliveryToSend(db: Db, id: number) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      secret: webhooks.secret,
      active: webhooks.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, id))
  return row
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
  return row
}

export async function insertAttempt(db: Db, values: typeof webhookDeliveryAttempts.$inferInsert) {
  await db.insert(webhookDeliveryAttempts).values(values)
}

/**
 * Records the outcome of the attempt after `delivery`'s last one; false when another attempt
 * counted first, or the delivery was settled or deleted meanwhile.
 */
export async function settleDelivery(
  db: Db,
  delivery: Pick<DeliveryRow, 'id' | 'attempts'>,
  values: Pick<DeliveryRow, 'status' | 'nextAttemptAt'>,
): Promise<boolean> {
  const attempted = values.status !== 'CANCELLED'
  const rows = await db
    .update(webhookDeliveries)
    .set({ ...values, attempts: delivery.attempts + (attempted ? 1 : 0) })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, 'PENDING'),
        eq(webhookDeliveries.attempts, delivery.attempts),
      ),
    )
    .returning({ id: webhookDeliveries.id })
  return rows.length > 0
}

/** The latest attempts of a webhook's deliveries, newest first. */
export function attemptLog(db: Db, webhookId: number, limit: number) {
  return db
    .select({ attempt: webhookDeliveryAttempts, delivery: webhookDeliveries })
    .from(webhookDeliveryAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveryAttempts.attemptedAt), desc(webhookDeliveryAttempts.id))
    .limit(limit)
}

export async function clientGroupOfTask(db: Db, taskId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ clientGroupId: taskTypes.clientGroupId })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(eq(tasks.id, taskId))
  return row?.clientGroupId
}
