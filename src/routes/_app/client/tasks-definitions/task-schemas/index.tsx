import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { SchemasListPage } from '../../../../../features/client/definitions/schemas/SchemasListPage'
import { prefetchFirstPage } from '../../../../../features/client/definitions/shared/route-data'
import { versionedListQuery } from '../../../../../features/client/queries/definitions'

/** The spec's `client_task_schemas` route. */
export const Route = createFileRoute('/_app/client/tasks-definitions/task-schemas/')({
  validateSearch: v.object(clientGroupSearch),
  loaderDeps: ({ search }) => ({ clientGroup: search.client_group }),
  loader: ({ context, deps }) =>
    prefetchFirstPage(context.queryClient, deps.clientGroup, (query) =>
      versionedListQuery('task-schemas', query),
    ),
  component: SchemasListPage,
})
