import { createFileRoute, redirect } from '@tanstack/react-router'

/** The spec's `client_tasks_list` route. */
export const Route = createFileRoute('/_app/client/tasks/')({
  beforeLoad: () => {
    throw redirect({ to: '/client/tasks/active', replace: true })
  },
})
