import { createFileRoute } from '@tanstack/react-router'
import { UsersPage } from '../../../../features/admin/users/UsersPage'

export const Route = createFileRoute('/_app/admin_panel/users/list')({
  component: UsersPage,
})
