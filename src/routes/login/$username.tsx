import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/LoginPage'

export const Route = createFileRoute('/login/$username')({
  component: function LoginWithUsername() {
    const { username } = Route.useParams()
    const { redirect, notice } = Route.useSearch()
    return <LoginPage username={username} redirect={redirect} notice={notice} />
  },
})
