import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { TaskTypeSettingsPage } from '../../../../../../features/client/definitions/task-types/TaskTypeSettingsPage'
import { taskTypeQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-types/$taskTypeId/settings',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskTypeQuery(parseIdParam(params.taskTypeId))),
  component: function TaskTypeSettingsPageRoute() {
    const { taskTypeId } = Route.useParams()
    return <TaskTypeSettingsPage id={parseIdParam(taskTypeId)} />
  },
})
