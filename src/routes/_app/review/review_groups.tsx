import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

/** The spec's `reviewer_review_groups` route. */
export const Route = createFileRoute('/_app/review/review_groups')({
  component: () => <UnavailableSection title={<Trans>Your groups</Trans>} />,
})
