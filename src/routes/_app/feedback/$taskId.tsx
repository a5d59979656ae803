import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

/** The spec's `feedback_items` route. */
export const Route = createFileRoute('/_app/feedback/$taskId')({
  component: () => <UnavailableSection title={<Trans>Feedback Items</Trans>} />,
})
