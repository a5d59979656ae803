import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { SchemaCreatorPage } from '../../../../../features/client/definitions/schemas/SchemaCreatorPage'
import { clientGroupsQuery } from '../../../../../features/client/queries/client-groups'

export const Route = createFileRoute('/_app/client/tasks-definitions/task-schemas/creator')({
  validateSearch: v.object(clientGroupSearch),
  loader: ({ context }) => context.queryClient.prefetchQuery(clientGroupsQuery()),
  component: SchemaCreatorPage,
})
