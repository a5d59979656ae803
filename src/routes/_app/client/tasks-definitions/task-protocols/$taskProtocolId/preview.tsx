import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { ProtocolPreviewPage } from '../../../../../../features/client/definitions/protocols/ProtocolPreviewPage'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { publicProtocolQuery } from '../../../../../../features/protocols/queries'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-protocols/$taskProtocolId/preview',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, publicProtocolQuery(parseIdParam(params.taskProtocolId))),
  component: function ProtocolPreviewRoute() {
    const { taskProtocolId } = Route.useParams()
    return <ProtocolPreviewPage id={parseIdParam(taskProtocolId)} />
  },
})
