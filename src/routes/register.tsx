import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { preparePublicPage } from '../features/account/public-page-guard'
import { RegisterPage } from '../features/account/RegisterPage'

export const Route = createFileRoute('/register')({
  validateSearch: v.object({ key: v.optional(v.string()) }),
  beforeLoad: ({ context }) => preparePublicPage(context.queryClient),
  component: function Register() {
    return <RegisterPage registrationKey={Route.useSearch().key} />
  },
})
