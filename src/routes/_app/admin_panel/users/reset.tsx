import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/admin_panel/users/reset')({
  component: () => <UnavailableSection title={<Trans>Password reset keys</Trans>} />,
})
