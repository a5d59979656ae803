import { createFileRoute } from '@tanstack/react-router'
import { LanguagesPage } from '../../../../features/admin/general/LanguagesPage'

export const Route = createFileRoute('/_app/admin_panel/general/languages')({
  component: LanguagesPage,
})
