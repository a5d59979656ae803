import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../features/client/client-group-search'
import { WebhooksPage } from '../../../../features/client/webhooks/WebhooksPage'

/** A client group's webhooks. */
export const Route = createFileRoute('/_app/client/webhooks/')({
  validateSearch: v.object(clientGroupSearch),
  component: WebhooksPage,
})
