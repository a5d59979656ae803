import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { taskTypeQuery } from '../../../../../../features/client/queries/definitions'
import { UploadPage } from '../../../../../../features/client/tasks/upload/UploadPage'

/** The spec's `{taskTypeId}/upload` route: data intake into a new task of the type. */
export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-types/$taskTypeId/upload',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskTypeQuery(parseIdParam(params.taskTypeId))),
  component: UploadRoute,
})

function UploadRoute() {
  const { taskTypeId } = Route.useParams()
  return <UploadPage taskTypeId={parseIdParam(taskTypeId)} />
}
