import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/coordinator/')({
  beforeLoad: () => {
    throw redirect({ to: '/coordinator/users/list', replace: true })
  },
})
