import { createFileRoute } from '@tanstack/react-router'
import { ReviewListPage } from '../../../../features/review/ReviewListPage'
import { idParams } from '../../../../features/tasks/route-params'

/** The review list of a task: the reviewer's locked batch as review cards. */
export const Route = createFileRoute('/_app/review/perform/$taskId')({
  params: idParams('taskId'),
  component: function PerformReview() {
    return <ReviewListPage taskId={Route.useParams().taskId} via="locked" />
  },
})
