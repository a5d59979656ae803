import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { prefetchFirstPage } from '../../../../../features/client/definitions/shared/route-data'
import { TaskTypesListPage } from '../../../../../features/client/definitions/task-types/TaskTypesListPage'
import { taskTypeListQuery } from '../../../../../features/client/queries/definitions'

/** The spec's `client_task_types` route. */
export const Route = createFileRoute('/_app/client/tasks-definitions/task-types/')({
  validateSearch: v.object(clientGroupSearch),
  loaderDeps: ({ search }) => ({ clientGroup: search.client_group }),
  loader: ({ context, deps }) =>
    prefetchFirstPage(context.queryClient, deps.clientGroup, taskTypeListQuery),
  component: TaskTypesListPage,
})
