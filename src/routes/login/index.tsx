import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/LoginPage'

export const Route = createFileRoute('/login/')({
  component: function Login() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})
