import { createFileRoute } from '@tanstack/react-router'
import { TimelogsPage } from '../../../features/timelogs/TimelogsPage'

/** The spec's `timelogs_user_panel` route. */
export const Route = createFileRoute('/_app/timelogs/')({
  component: TimelogsPage,
})
