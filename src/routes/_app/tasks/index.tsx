import { createFileRoute } from '@tanstack/react-router'
import { workerTasksQuery } from '../../../features/tasks/queries'
import { TaskListPage } from '../../../features/tasks/TaskListPage'

/** The spec's `tasks_list` route. */
export const Route = createFileRoute('/_app/tasks/')({
  // Not awaited: the page shows its own loading and offline states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(workerTasksQuery()),
  component: TaskListPage,
})
