import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '../../../features/account/ChangePasswordPage'

export const Route = createFileRoute('/_app/user/password')({
  component: ChangePasswordPage,
})
