import { createFileRoute } from '@tanstack/react-router'
import { ProjectsPage } from '../../../../features/admin/general/ProjectsPage'

export const Route = createFileRoute('/_app/admin_panel/general/projects')({
  component: ProjectsPage,
})
