import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../api/not-found'
import { parseIdParam } from '../../../../../features/client/definitions/shared/route-params'
import { taskQuery } from '../../../../../features/client/queries/tasks'
import { LocalSettingsPage } from '../../../../../features/client/tasks/local-settings/LocalSettingsPage'

/** The spec's `{taskId}/local_settings` route. */
export const Route = createFileRoute('/_app/client/tasks/$taskId/local_settings')({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskQuery(parseIdParam(params.taskId))),
  component: LocalSettingsRoute,
})

function LocalSettingsRoute() {
  const { taskId } = Route.useParams()
  return <LocalSettingsPage taskId={parseIdParam(taskId)} />
}
