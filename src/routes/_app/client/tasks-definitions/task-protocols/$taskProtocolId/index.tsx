import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { ProtocolDetailsPage } from '../../../../../../features/client/definitions/protocols/ProtocolDetailsPage'
import {
  parseIdParam,
  replacedSearch,
} from '../../../../../../features/client/definitions/shared/route-params'
import { versionedQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-protocols/$taskProtocolId/',
)({
  validateSearch: replacedSearch,
  loader: ({ context, params }) =>
    ensureOrNotFound(
      context.queryClient,
      versionedQuery('task-protocols', parseIdParam(params.taskProtocolId)),
    ),
  component: function ProtocolDetailsRoute() {
    const { taskProtocolId } = Route.useParams()
    const { replaced } = Route.useSearch()
    return <ProtocolDetailsPage id={parseIdParam(taskProtocolId)} replacedVersion={replaced} />
  },
})
