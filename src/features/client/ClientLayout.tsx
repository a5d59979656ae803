import { useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'

/** The client area: the tasks list and the task definitions, each with its sub-menu, and webhooks. */
export function ClientLayout() {
  const { t } = useLingui()
  return (
    <PageLayout
      menuLabel={t`Client sections`}
      menu={[
        {
          label: t`Tasks list`, // client_tasks_list
          to: '/client/tasks',
          children: [
            { label: t`Overview`, to: '/client/tasks/overview' }, // client_overview
            { label: t`Active Tasks`, to: '/client/tasks/active' }, // client_tasks_active
            { label: t`Archived Tasks`, to: '/client/tasks/archive' }, // client_tasks_archive
          ],
        },
        {
          label: t`Tasks definitions`, // client_tasks_definitions
          to: '/client/tasks-definitions',
          children: [
            { label: t`Task Types`, to: '/client/tasks-definitions/task-types' }, // client_task_types
            {
              label: t`Task Protocols`, // client_tasks_protocols
              to: '/client/tasks-definitions/task-protocols',
            },
            {
              label: t`Task Schemas`, // client_task_schemas
              to: '/client/tasks-definitions/task-schemas',
            },
          ],
        },
        { label: t`Webhooks`, to: '/client/webhooks' },
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
