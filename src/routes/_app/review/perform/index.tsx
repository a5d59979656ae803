import { createFileRoute } from '@tanstack/react-router'
import { ReviewTasksPage } from '../../../../features/review/ReviewTasksPage'

/** The spec's `reviewer_review_tasks` route. */
export const Route = createFileRoute('/_app/review/perform/')({
  component: () => <ReviewTasksPage />,
})
