import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../../features/auth/guard'
import { loadPublicProtocol, PublicProtocolPage } from '../../../../features/protocols'
import { idParams } from '../../../../features/tasks/route-params'

/** The spec's `reviewer_protocols` route: opened in a new tab from a review card, so outside the review menus. */
export const Route = createFileRoute('/_app/review_/protocols/$taskProtocolId')({
  beforeLoad: requirePermission('reviewer'),
  params: idParams('taskProtocolId'),
  loader: ({ context, params }) => loadPublicProtocol(context.queryClient, params.taskProtocolId),
  component: function ReviewerProtocol() {
    return <PublicProtocolPage protocolId={Route.useParams().taskProtocolId} />
  },
})
