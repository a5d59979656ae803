import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { preparePublicPage } from '../features/account/public-page-guard'
import { ResetPasswordPage } from '../features/account/ResetPasswordPage'

export const Route = createFileRoute('/reset')({
  validateSearch: v.object({ key: v.optional(v.string()) }),
  beforeLoad: ({ context }) => preparePublicPage(context.queryClient),
  component: function Reset() {
    return <ResetPasswordPage resetKey={Route.useSearch().key} />
  },
})
