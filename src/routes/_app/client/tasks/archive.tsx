import { createFileRoute } from '@tanstack/react-router'
import type { TaskListSearch } from '../../../../features/client/tasks/list/search'
import { TaskListSearchSchema } from '../../../../features/client/tasks/list/search'
import { TaskListPage } from '../../../../features/client/tasks/list/TaskListPage'

/** The spec's `client_tasks_archive` route. */
export const Route = createFileRoute('/_app/client/tasks/archive')({
  validateSearch: TaskListSearchSchema,
  component: ArchivedTasksRoute,
})

function ArchivedTasksRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearch = (patch: Partial<TaskListSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
  return <TaskListPage view="archived" search={search} onSearch={onSearch} />
}
