import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/coordinator/users/list')({
  component: () => <UnavailableSection title={<Trans>Users list</Trans>} />,
})
