import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { takeRedirectTarget } from '../../features/auth/redirect'

/** '/': follows the page kept through sign-in, else opens the user panel. */
export const Route = createFileRoute('/_app/')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: ({ search }) => {
    const target = takeRedirectTarget(search.redirect)
    throw target
      ? redirect({ href: target, replace: true })
      : redirect({ to: '/user', replace: true })
  },
})
