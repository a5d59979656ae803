import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/admin_panel/groups/endworker_groups')({
  component: () => <UnavailableSection title={<Trans>End worker groups</Trans>} />,
})
