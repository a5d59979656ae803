import { createFileRoute } from '@tanstack/react-router'
import { AdminLayout } from '../../../features/admin/AdminLayout'
import { requirePermission } from '../../../features/auth/guard'

/** The spec's `admin` route. */
export const Route = createFileRoute('/_app/admin_panel')({
  beforeLoad: requirePermission('staff'),
  component: AdminLayout,
})
