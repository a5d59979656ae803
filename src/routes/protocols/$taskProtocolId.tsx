import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../api/not-found'
import { PublicProtocolPage } from '../../features/protocols/PublicProtocolPage'
import { publicProtocolQuery } from '../../features/protocols/queries'
import { idParams } from '../../features/tasks/route-params'
import { loadBeyondFirstScreen } from '../../ui/deferred/beyond-first-screen'

/**
 * The spec's public protocol view: anyone with the link reads the protocol, signed in or not (its
 * API call is public too). Its messages and styles are not all in the start-up script.
 */
export const Route = createFileRoute('/protocols/$taskProtocolId')({
  params: idParams('taskProtocolId'),
  beforeLoad: () => loadBeyondFirstScreen(),
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, publicProtocolQuery(params.taskProtocolId)),
  component: function PublicProtocol() {
    return <PublicProtocolPage protocolId={Route.useParams().taskProtocolId} />
  },
})
