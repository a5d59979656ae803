import { createFileRoute } from '@tanstack/react-router'
import { ClientGroupsPage } from '../../../../features/admin/groups/ClientGroupsPage'

export const Route = createFileRoute('/_app/admin_panel/groups/client_groups')({
  component: ClientGroupsPage,
})
