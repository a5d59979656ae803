import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

/** The spec's `coordinator_timelogs_pending` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/pending-logs')({
  component: () => <UnavailableSection title={<Trans>Pending time logs</Trans>} />,
})
