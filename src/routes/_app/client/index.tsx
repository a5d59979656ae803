import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/client/')({
  beforeLoad: () => {
    throw redirect({ to: '/client/tasks/active', replace: true })
  },
})
