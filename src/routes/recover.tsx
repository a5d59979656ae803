import { createFileRoute } from '@tanstack/react-router'
import { preparePublicPage } from '../features/account/public-page-guard'
import { RecoverPage } from '../features/account/RecoverPage'

export const Route = createFileRoute('/recover')({
  beforeLoad: ({ context }) => preparePublicPage(context.queryClient),
  component: RecoverPage,
})
