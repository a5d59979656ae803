import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

/** The spec's `reviewer_review_tasks` route. */
export const Route = createFileRoute('/_app/review/perform/')({
  component: () => <UnavailableSection title={<Trans>Available Review Items</Trans>} />,
})
