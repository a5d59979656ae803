import { createFileRoute, redirect } from '@tanstack/react-router'

/** The spec's `coordinator_users` route. */
export const Route = createFileRoute('/_app/coordinator/users/')({
  beforeLoad: () => {
    throw redirect({ to: '/coordinator/users/list', replace: true })
  },
})
