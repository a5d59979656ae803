import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../api/not-found'
import { parseIdParam } from '../../../../features/client/definitions/shared/route-params'
import { webhookQuery } from '../../../../features/client/webhooks/api'
import { WebhookDetailPage } from '../../../../features/client/webhooks/WebhookDetailPage'

/** One webhook with its delivery log. */
export const Route = createFileRoute('/_app/client/webhooks/$webhookId')({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, webhookQuery(parseIdParam(params.webhookId))),
  component: function WebhookDetailRoute() {
    const { webhookId } = Route.useParams()
    return <WebhookDetailPage id={parseIdParam(webhookId)} />
  },
})
