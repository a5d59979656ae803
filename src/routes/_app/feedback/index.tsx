import { createFileRoute } from '@tanstack/react-router'
import { FeedbackPage } from '../../../features/feedback/FeedbackPage'

/** The spec's `feedback` route. */
export const Route = createFileRoute('/_app/feedback/')({
  component: FeedbackPage,
})
