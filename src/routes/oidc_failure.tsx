import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { OidcFailurePage } from '../features/auth/OidcFailurePage'

export const Route = createFileRoute('/oidc_failure')({
  // An unknown reason falls back to the general failure text.
  validateSearch: v.object({
    reason: v.fallback(v.optional(v.picklist(['not_configured'])), undefined),
  }),
  component: function OidcFailure() {
    const { reason } = Route.useSearch()
    return <OidcFailurePage reason={reason} />
  },
})
