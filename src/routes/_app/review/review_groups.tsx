import { createFileRoute } from '@tanstack/react-router'
import { ReviewGroupsPage } from '../../../features/review/ReviewGroupsPage'

/** The spec's `reviewer_review_groups` route. */
export const Route = createFileRoute('/_app/review/review_groups')({
  component: ReviewGroupsPage,
})
