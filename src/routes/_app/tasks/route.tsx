import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../features/auth/guard'

export const Route = createFileRoute('/_app/tasks')({
  beforeLoad: requirePermission('endworker'),
})
