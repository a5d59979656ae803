import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

/** The spec's `feedback` route. */
export const Route = createFileRoute('/_app/feedback/')({
  component: () => <UnavailableSection title={<Trans>Feedback</Trans>} />,
})
