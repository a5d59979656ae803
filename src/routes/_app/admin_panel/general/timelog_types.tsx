import { createFileRoute } from '@tanstack/react-router'
import { TimelogTypesPage } from '../../../../features/admin/general/TimelogTypesPage'

export const Route = createFileRoute('/_app/admin_panel/general/timelog_types')({
  component: TimelogTypesPage,
})
