import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { ProtocolSettingsPage } from '../../../../../../features/client/definitions/protocols/ProtocolSettingsPage'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { versionedQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-protocols/$taskProtocolId/settings',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(
      context.queryClient,
      versionedQuery('task-protocols', parseIdParam(params.taskProtocolId)),
    ),
  component: function ProtocolSettingsRoute() {
    const { taskProtocolId } = Route.useParams()
    return <ProtocolSettingsPage id={parseIdParam(taskProtocolId)} />
  },
})
