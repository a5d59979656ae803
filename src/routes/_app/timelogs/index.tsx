import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

/** The spec's `timelogs_user_panel` route. */
export const Route = createFileRoute('/_app/timelogs/')({
  component: () => <UnavailableSection title={<Trans>Time logs</Trans>} />,
})
