import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../../ui/UnavailableSection'

export const Route = createFileRoute('/_app/review/perform/$taskId')({
  component: () => <UnavailableSection title={<Trans>Review list</Trans>} />,
})
