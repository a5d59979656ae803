import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/admin_panel/groups/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin_panel/groups/endworker_groups', replace: true })
  },
})
