import { createFileRoute } from '@tanstack/react-router'
import { ApiTokensAdminPage } from '../../../../features/admin/users/ApiTokensAdminPage'

export const Route = createFileRoute('/_app/admin_panel/users/api_tokens')({
  component: ApiTokensAdminPage,
})
