import { createFileRoute } from '@tanstack/react-router'
import { EndworkerGroupsPage } from '../../../../features/admin/groups/EndworkerGroupsPage'

export const Route = createFileRoute('/_app/admin_panel/groups/endworker_groups')({
  component: EndworkerGroupsPage,
})
