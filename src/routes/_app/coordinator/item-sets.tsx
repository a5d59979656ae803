import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UnavailableSection } from '../../../ui/UnavailableSection'

/** The spec's `coordinator_item_sets` route. */
export const Route = createFileRoute('/_app/coordinator/item-sets')({
  component: () => <UnavailableSection title={<Trans>Item Sets</Trans>} />,
})
