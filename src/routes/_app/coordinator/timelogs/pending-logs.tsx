import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { coordinationGroupSearch } from '../../../../features/coordinator/coordination-group-search'
import { PendingLogsPage } from '../../../../features/timelogs/coordinator/PendingLogsPage'

/** The spec's `coordinator_timelogs_pending` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/pending-logs')({
  validateSearch: v.object(coordinationGroupSearch),
  component: PendingLogsPage,
})
