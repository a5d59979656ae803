import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/finance/vsp-ratio-intervals')({
  component: () => <UnavailableSection title={<Trans>Ratio intervals</Trans>} />,
})
