import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

/** The spec's `coordinator_timelogs_users` route. */
export const Route = createFileRoute('/_app/coordinator/timelogs/users')({
  component: () => <UnavailableSection title={<Trans>Users' logs</Trans>} />,
})
