import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { autoLogin } from '../../features/auth/session'

/** /login and /login/$username. A visitor who is already signed in is sent on, keeping `redirect`. */
export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: async ({ context, search }) => {
    if (await autoLogin(context.queryClient)) {
      throw redirect({ to: '/', search: { redirect: search.redirect }, replace: true })
    }
  },
})
