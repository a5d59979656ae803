import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { instanceSettingsQuery } from '../../../../../features/auth/queries'
import { clientGroupSearch } from '../../../../../features/client/client-group-search'
import { TaskTypeCreatorPage } from '../../../../../features/client/definitions/task-types/TaskTypeCreatorPage'
import { clientGroupsQuery } from '../../../../../features/client/queries/client-groups'

export const Route = createFileRoute('/_app/client/tasks-definitions/task-types/creator')({
  validateSearch: v.object(clientGroupSearch),
  // The instance's settings give a new type its defaults (protected audio when confidential).
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(clientGroupsQuery()),
      context.queryClient.prefetchQuery(instanceSettingsQuery()),
    ]),
  component: TaskTypeCreatorPage,
})
