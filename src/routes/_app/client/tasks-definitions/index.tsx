import { createFileRoute, redirect } from '@tanstack/react-router'

/** The spec's `client_tasks_definitions` route. */
export const Route = createFileRoute('/_app/client/tasks-definitions/')({
  beforeLoad: () => {
    throw redirect({ to: '/client/tasks-definitions/task-types', replace: true })
  },
})
