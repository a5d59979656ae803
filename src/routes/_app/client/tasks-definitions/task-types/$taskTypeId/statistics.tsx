import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { TaskTypeStatisticsPage } from '../../../../../../features/client/definitions/task-types/statistics/TaskTypeStatisticsPage'
import { taskTypeQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute(
  '/_app/client/tasks-definitions/task-types/$taskTypeId/statistics',
)({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskTypeQuery(parseIdParam(params.taskTypeId))),
  component: function TaskTypeStatisticsPageRoute() {
    const { taskTypeId } = Route.useParams()
    return <TaskTypeStatisticsPage id={parseIdParam(taskTypeId)} />
  },
})
