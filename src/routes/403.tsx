import { createFileRoute } from '@tanstack/react-router'
import { PermissionDeniedPage } from '../features/shell/StatusPages'

export const Route = createFileRoute('/403')({
  component: PermissionDeniedPage,
})
