import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../features/client/client-group-search'
import { prefetchFirstPage } from '../../../../features/client/definitions/shared/route-data'
import { TaskTypesListPage } from '../../../../features/client/definitions/task-types/TaskTypesListPage'
import { taskTypeListQuery } from '../../../../features/client/queries/definitions'

/**
 * Task types of every client group: the client's list, which shows staff all groups; a type opens
 * in the client's task-type screens, whose form staff use for any group.
 */
export const Route = createFileRoute('/_app/admin_panel/tasks/task_types')({
  validateSearch: v.object(clientGroupSearch),
  loaderDeps: ({ search }) => ({ clientGroup: search.client_group }),
  loader: ({ context, deps }) =>
    prefetchFirstPage(context.queryClient, deps.clientGroup, taskTypeListQuery),
  component: TaskTypesListPage,
})
