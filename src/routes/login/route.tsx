import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { LOGIN_NOTICES } from '../../features/auth/LoginPage'
import { autoLogin } from '../../features/auth/session'

/** /login and /login/$username. A visitor who is already signed in is sent on, keeping `redirect`. */
export const Route = createFileRoute('/login')({
  validateSearch: v.object({
    redirect: v.optional(v.string()),
    // What brought the user here (registered, set a password, an unfinished single sign-on).
    notice: v.fallback(v.optional(v.picklist(LOGIN_NOTICES)), undefined),
  }),
  beforeLoad: async ({ context, search }) => {
    if (await autoLogin(context.queryClient)) {
      throw redirect({ to: '/', search: { redirect: search.redirect }, replace: true })
    }
  },
})
