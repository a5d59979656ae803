import { API_BASE } from '../../../contract/constants'
import type { WebhookEvent } from '../../../contract/webhooks'
import type { AppConfig } from '../../config'
import type { Tx } from '../../db/client'
import type { JobQueue } from '../../jobs/queue'
import { queueDelivery } from './delivery'
import { clientGroupOfTask, insertDeliveries, subscribers } from './queries'
import { newMessageId } from './signature'

/** Ids and API links only: a receiver fetches the details with its own credentials. */
export type EventData = Record<string, string | number | Record<string, string>>

export type WebhookEvents = {
  /**
   * Makes a delivery for every active webhook of the group subscribed to the event, with its job,
   * in the caller's transaction: the event is sent exactly when what it tells of commits.
   */
  emit: (tx: Tx, clientGroupId: number, type: WebhookEvent, data: EventData) => Promise<number[]>
  /** An event about a task, to its client group's webhooks: the task's id and API links. */
  emitForTask: (
    tx: Tx,
    taskId: number,
    type: WebhookEvent,
    links?: Record<string, string>,
    ids?: Record<string, number>,
  ) => Promise<number[]>
  /** An absolute API link (on the first public origin) for event data. */
  link: (path: string) => string
}

/** The Standard Webhooks payload: `{type, timestamp, data}`. */
export function eventBody(type: string, timestamp: Date, data: EventData): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data })
}

/** The events of an app: sent through its job queue, linking to its first public origin. */
export const appWebhookEvents = (app: { jobs: JobQueue | null; config: AppConfig }) =>
  webhookEvents(app.jobs, app.config.publicOrigins[0] ?? '')

export function webhookEvents(
  jobs: JobQueue | null,
  publicOrigin: string,
  now: () => Date = () => new Date(),
): WebhookEvents {
  const link = (path: string) => `${publicOrigin}${API_BASE}/${path}`
  const emit: WebhookEvents['emit'] = async (tx, clientGroupId, type, data) => {
    const hooks = await subscribers(tx, clientGroupId, type)
    const body = eventBody(type, now(), data)
    const rows = await insertDeliveries(
      tx,
      hooks.map((hook) => ({
        webhookId: hook.id,
        messageId: newMessageId(),
        eventType: type,
        body,
      })),
    )
    if (jobs) for (const row of rows) await queueDelivery(jobs, tx, row.id)
    return rows.map((row) => row.id)
  }
  return {
    link,
    emit,
    async emitForTask(tx, taskId, type, links = {}, ids = {}) {
      const clientGroupId = await clientGroupOfTask(tx, taskId)
      if (clientGroupId === undefined) return []
      return emit(tx, clientGroupId, type, {
        task_id: taskId,
        client_group_id: clientGroupId,
        ...ids,
        links: { task: link(`client/tasks/${taskId}/`), ...links },
      })
    },
  }
}
