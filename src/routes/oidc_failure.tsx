import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SSO_FAILURE_REASONS } from '../../contract/auth'
import { OidcFailurePage } from '../features/auth/OidcFailurePage'

export const Route = createFileRoute('/oidc_failure')({
  // An unknown reason falls back to the general failure text.
  validateSearch: v.object({
    reason: v.fallback(v.optional(v.picklist(SSO_FAILURE_REASONS)), undefined),
  }),
  component: function OidcFailure() {
    const { reason } = Route.useSearch()
    return <OidcFailurePage reason={reason} />
  },
})
