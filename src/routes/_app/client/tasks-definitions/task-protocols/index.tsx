import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { ProtocolsListPage } from '../../../../../features/client/definitions/protocols/ProtocolsListPage'
import { prefetchFirstPage } from '../../../../../features/client/definitions/shared/route-data'
import { versionedListQuery } from '../../../../../features/client/queries/definitions'

/** The spec's `client_tasks_protocols` route. */
export const Route = createFileRoute('/_app/client/tasks-definitions/task-protocols/')({
  validateSearch: v.object(clientGroupSearch),
  loaderDeps: ({ search }) => ({ clientGroup: search.client_group }),
  loader: ({ context, deps }) =>
    prefetchFirstPage(context.queryClient, deps.clientGroup, (query) =>
      versionedListQuery('task-protocols', query),
    ),
  component: ProtocolsListPage,
})
