import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../api/not-found'
import { FeedbackItemsPage } from '../../../features/feedback/FeedbackItemsPage'
import { feedbackTaskQuery } from '../../../features/feedback/queries'
import { idParams } from '../../../features/tasks/route-params'

/** The spec's `feedback_items` route; a task without feedback for the worker is a missing page. */
export const Route = createFileRoute('/_app/feedback/$taskId')({
  params: idParams('taskId'),
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, feedbackTaskQuery(params.taskId)),
  component: function FeedbackItems() {
    return <FeedbackItemsPage taskId={Route.useParams().taskId} />
  },
})
