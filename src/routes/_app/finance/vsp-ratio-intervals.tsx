import { createFileRoute } from '@tanstack/react-router'
import { ratioIntervalsQuery } from '../../../features/finance/queries'
import { RatioIntervalsPage } from '../../../features/finance/RatioIntervalsPage'

export const Route = createFileRoute('/_app/finance/vsp-ratio-intervals')({
  loader: ({ context }) => context.queryClient.prefetchQuery(ratioIntervalsQuery({}, 0)),
  component: RatioIntervalsPage,
})
