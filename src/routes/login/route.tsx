import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { LOGIN_CONFIRMATIONS } from '../../features/auth/LoginPage'
import { autoLogin } from '../../features/auth/session'

/** /login and /login/$username. A visitor who is already signed in is sent on, keeping `redirect`. */
export const Route = createFileRoute('/login')({
  validateSearch: v.object({
    redirect: v.optional(v.string()),
    // What the user just did elsewhere (registered, set a password), confirmed on this page.
    done: v.fallback(v.optional(v.picklist(LOGIN_CONFIRMATIONS)), undefined),
  }),
  beforeLoad: async ({ context, search }) => {
    if (await autoLogin(context.queryClient)) {
      throw redirect({ to: '/', search: { redirect: search.redirect }, replace: true })
    }
  },
})
