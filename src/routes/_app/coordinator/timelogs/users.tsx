import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { coordinationGroupSearch } from '../../../../features/coordinator/coordination-group-search'
import { UsersLogsPage } from '../../../../features/timelogs/coordinator/UsersLogsPage'

/** The spec's `coordinator_timelogs_users` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/users')({
  validateSearch: v.object(coordinationGroupSearch),
  component: UsersLogsPage,
})
