import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

/** The spec's `reviewer_reviewed_tasks` route. */
export const Route = createFileRoute('/_app/review/reviewed/')({
  component: () => <UnavailableSection title={<Trans>Reviewed Items</Trans>} />,
})
