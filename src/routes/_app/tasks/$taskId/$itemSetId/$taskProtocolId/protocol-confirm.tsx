import { createFileRoute } from '@tanstack/react-router'
import { loadWorkerProtocol } from '../../../../../../features/annotate/loaders'
import { ProtocolConfirmPage } from '../../../../../../features/annotate/ProtocolPages'
import { idParams } from '../../../../../../features/tasks/route-params'

/** The forced protocol read. */
export const Route = createFileRoute(
  '/_app/tasks/$taskId/$itemSetId/$taskProtocolId/protocol-confirm',
)({
  params: idParams('taskProtocolId'),
  loader: ({ context, params }) => loadWorkerProtocol(context.queryClient, params),
  component: function ProtocolConfirm() {
    const { taskId, itemSetId, taskProtocolId } = Route.useParams()
    return <ProtocolConfirmPage taskId={taskId} itemSetId={itemSetId} protocolId={taskProtocolId} />
  },
})
