import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../api/not-found'
import { requirePermission } from '../../../../features/auth/guard'
import { PublicProtocolPage } from '../../../../features/protocols/PublicProtocolPage'
import { publicProtocolQuery } from '../../../../features/protocols/queries'
import { idParams } from '../../../../features/tasks/route-params'

/** The spec's `reviewer_protocols` route: opened in a new tab from a review card, so outside the review menus. */
export const Route = createFileRoute('/_app/review_/protocols/$taskProtocolId')({
  beforeLoad: requirePermission('reviewer'),
  params: idParams('taskProtocolId'),
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, publicProtocolQuery(params.taskProtocolId)),
  component: function ReviewerProtocol() {
    return <PublicProtocolPage protocolId={Route.useParams().taskProtocolId} />
  },
})
