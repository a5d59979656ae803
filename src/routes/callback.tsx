import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CallbackPage } from '../features/auth/CallbackPage'

export const Route = createFileRoute('/callback')({
  validateSearch: v.object({ username: v.optional(v.string()) }),
  component: function Callback() {
    const { username } = Route.useSearch()
    return <CallbackPage username={username} />
  },
})
