import { createFileRoute } from '@tanstack/react-router'
import { FeedbackItemsPage } from '../../../features/feedback/FeedbackItemsPage'
import { idParams } from '../../../features/tasks/route-params'

/** The spec's `feedback_items` route. */
export const Route = createFileRoute('/_app/feedback/$taskId')({
  params: idParams('taskId'),
  component: function FeedbackItems() {
    return <FeedbackItemsPage taskId={Route.useParams().taskId} />
  },
})
