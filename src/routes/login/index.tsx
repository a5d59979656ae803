import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/LoginPage'

export const Route = createFileRoute('/login/')({
  // Not split from the start-up script: the sign-in page is the first screen of most visits, and
  // a chunk of its own (with the UI kit's parts it uses) put its drawing a round trip later.
  codeSplitGroupings: [],
  component: function Login() {
    const { redirect, notice } = Route.useSearch()
    return <LoginPage redirect={redirect} notice={notice} />
  },
})
