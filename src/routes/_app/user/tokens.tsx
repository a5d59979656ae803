import { createFileRoute } from '@tanstack/react-router'
import { ApiTokensPage } from '../../../features/account/ApiTokensPage'

export const Route = createFileRoute('/_app/user/tokens')({
  component: ApiTokensPage,
})
