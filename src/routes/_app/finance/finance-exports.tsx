import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/finance/finance-exports')({
  component: () => <UnavailableSection title={<Trans>Finance exports</Trans>} />,
})
