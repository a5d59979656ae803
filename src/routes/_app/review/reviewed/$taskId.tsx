import { createFileRoute } from '@tanstack/react-router'
import { ReviewListPage } from '../../../../features/review/ReviewListPage'
import { idParams } from '../../../../features/tasks/route-params'

/** What the reviewer graded in a task, editable. */
export const Route = createFileRoute('/_app/review/reviewed/$taskId')({
  params: idParams('taskId'),
  component: function ReviewedItems() {
    return <ReviewListPage taskId={Route.useParams().taskId} via="reviewed" />
  },
})
