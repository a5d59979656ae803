import { createFileRoute } from '@tanstack/react-router'
import { UserPanelLayout } from '../../../features/account/UserPanelLayout'

export const Route = createFileRoute('/_app/user')({
  component: UserPanelLayout,
})
