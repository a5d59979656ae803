import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { ProtocolCreatorPage } from '../../../../../features/client/definitions/protocols/ProtocolCreatorPage'
import { clientGroupsQuery } from '../../../../../features/client/queries/client-groups'

export const Route = createFileRoute('/_app/client/tasks-definitions/task-protocols/creator')({
  validateSearch: v.object(clientGroupSearch),
  loader: ({ context }) => context.queryClient.prefetchQuery(clientGroupsQuery()),
  component: ProtocolCreatorPage,
})
