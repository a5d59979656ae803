import { createFileRoute, redirect } from '@tanstack/react-router'

/** The spec's `coordinator_timelogs` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/')({
  beforeLoad: () => {
    throw redirect({ to: '/coordinator/timelogs/pending-logs', replace: true })
  },
})
