import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../features/auth/guard'
import { ClientLayout } from '../../../features/client/ClientLayout'

/** The spec's `client` route. */
export const Route = createFileRoute('/_app/client')({
  beforeLoad: requirePermission('client'),
  component: ClientLayout,
})
