import { createFileRoute } from '@tanstack/react-router'
import { ensureOrNotFound } from '../../../../../../api/not-found'
import { parseIdParam } from '../../../../../../features/client/definitions/shared/route-params'
import { TaskTypeDetailsPage } from '../../../../../../features/client/definitions/task-types/TaskTypeDetailsPage'
import { taskTypeQuery } from '../../../../../../features/client/queries/definitions'

export const Route = createFileRoute('/_app/client/tasks-definitions/task-types/$taskTypeId/')({
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskTypeQuery(parseIdParam(params.taskTypeId))),
  component: function TaskTypeDetailsPageRoute() {
    const { taskTypeId } = Route.useParams()
    return <TaskTypeDetailsPage id={parseIdParam(taskTypeId)} />
  },
})
