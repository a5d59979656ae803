import { queryOptions } from '@tanstack/react-query'
import {
  CreatedWebhookSchema,
  WebhookAttemptListSchema,
  type WebhookCreate,
  WebhookListSchema,
  type WebhookPatch,
  WebhookSchema,
  WebhookTestResultSchema,
} from '../../../../contract/webhooks'
import { api } from '../../../api/client'

export const webhookKeys = {
  all: ['client', 'webhooks'] as const,
  list: (clientGroup: number | null) => [...webhookKeys.all, 'list', clientGroup] as const,
  detail: (id: number) => [...webhookKeys.all, 'detail', id] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
}

export const webhooksQuery = (clientGroup: number | null) =>
  queryOptions({
    queryKey: webhookKeys.list(clientGroup),
    queryFn: ({ signal }) =>
      api('client/webhooks/', {
        schema: WebhookListSchema,
        query: { client_group: clientGroup ?? undefined },
        signal,
      }),
  })

export const webhookQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => api(`client/webhooks/${id}/`, { schema: WebhookSchema, signal }),
  })

export const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) =>
      api(`client/webhooks/${id}/deliveries/`, { schema: WebhookAttemptListSchema, signal }),
    // Attempts land on their own schedule (a test event's a moment after it is asked for, retries
    // later): the log is read afresh when shown and refreshes while it is on screen.
    staleTime: 0,
    refetchInterval: 5_000,
  })

export const createWebhook = (body: WebhookCreate) =>
  api('client/webhooks/', { method: 'POST', body, schema: CreatedWebhookSchema })

export const patchWebhook = (id: number, body: WebhookPatch) =>
  api(`client/webhooks/${id}/`, { method: 'PATCH', body, schema: WebhookSchema })

export const deleteWebhook = (id: number) => api(`client/webhooks/${id}/`, { method: 'DELETE' })

export const sendTestEvent = (id: number) =>
  api(`client/webhooks/${id}/test/`, { method: 'POST', schema: WebhookTestResultSchema })
