import { createFileRoute } from '@tanstack/react-router'
import { signOutBeforePublicPage } from '../features/account/public-page-guard'
import { RecoverPage } from '../features/account/RecoverPage'

export const Route = createFileRoute('/recover')({
  beforeLoad: ({ context }) => signOutBeforePublicPage(context.queryClient),
  component: RecoverPage,
})
