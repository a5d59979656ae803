import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/finance/vsp-master-files')({
  component: () => <UnavailableSection title={<Trans>Master files</Trans>} />,
})
