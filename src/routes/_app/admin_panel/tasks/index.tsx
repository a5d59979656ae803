import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/admin_panel/tasks/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin_panel/tasks/task_types', replace: true })
  },
})
