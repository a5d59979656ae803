import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

/** The spec's `coordinator_timelogs_export` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/work-time-export')({
  component: () => <UnavailableSection title={<Trans>Work time exports</Trans>} />,
})
