import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/admin_panel/general/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin_panel/general/languages', replace: true })
  },
})
