import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/admin_panel/users/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin_panel/users/list', replace: true })
  },
})
