import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../features/auth/guard'
import { CoordinatorLayout } from '../../../features/coordinator/CoordinatorLayout'

/** The spec's `coordinator` route. */
export const Route = createFileRoute('/_app/coordinator')({
  beforeLoad: requirePermission('coordinator'),
  component: CoordinatorLayout,
})
