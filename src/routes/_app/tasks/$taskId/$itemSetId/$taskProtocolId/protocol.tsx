import { createFileRoute } from '@tanstack/react-router'
import { loadWorkerProtocol } from '../../../../../../features/annotate/loaders'
import { ProtocolPage } from '../../../../../../features/annotate/ProtocolPages'
import { idParams } from '../../../../../../features/tasks/route-params'

/** The protocol, looked up during work. */
export const Route = createFileRoute('/_app/tasks/$taskId/$itemSetId/$taskProtocolId/protocol')({
  params: idParams('taskProtocolId'),
  loader: ({ context, params }) => loadWorkerProtocol(context.queryClient, params),
  component: function Protocol() {
    const { taskId, itemSetId, taskProtocolId } = Route.useParams()
    return <ProtocolPage taskId={taskId} itemSetId={itemSetId} protocolId={taskProtocolId} />
  },
})
