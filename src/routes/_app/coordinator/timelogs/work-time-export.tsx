import { createFileRoute } from '@tanstack/react-router'
import { WorktimeExportsPage } from '../../../../features/timelogs/coordinator/WorktimeExportsPage'

/** The spec's `coordinator_timelogs_export` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/work-time-export')({
  component: WorktimeExportsPage,
})
