import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../features/auth/guard'
import { ReviewLayout } from '../../../features/review/ReviewLayout'

/** The spec's `reviewer_review` route. */
export const Route = createFileRoute('/_app/review')({
  beforeLoad: requirePermission('reviewer'),
  component: ReviewLayout,
})
