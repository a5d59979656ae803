import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ensureOrNotFound } from '../../../../../api/not-found'
import { parseIdParam } from '../../../../../features/client/definitions/shared/route-params'
import { taskQuery } from '../../../../../features/client/queries/tasks'
import { TaskPanelPage } from '../../../../../features/client/tasks/panel/TaskPanelPage'
import { PANEL_TABS } from '../../../../../features/client/tasks/panel/tabs'

/** The spec's task panel (`{taskId}/panel`); `?tab=` opens one of its tabs. */
export const Route = createFileRoute('/_app/client/tasks/$taskId/panel')({
  validateSearch: v.object({
    tab: v.optional(v.fallback(v.picklist(PANEL_TABS), 'summary'), 'summary'),
  }),
  loader: ({ context, params }) =>
    ensureOrNotFound(context.queryClient, taskQuery(parseIdParam(params.taskId))),
  component: TaskPanelRoute,
})

function TaskPanelRoute() {
  const { taskId } = Route.useParams()
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <TaskPanelPage
      taskId={parseIdParam(taskId)}
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next }, replace: true })}
    />
  )
}
