import { useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'

export function AdminLayout() {
  const { t } = useLingui()
  return (
    <PageLayout
      menuLabel={t`Administration sections`}
      menu={[
        {
          label: t`Users`,
          to: '/admin_panel/users',
          children: [
            { label: t`Users list`, to: '/admin_panel/users/list' },
            { label: t`Registration keys`, to: '/admin_panel/users/register' },
            { label: t`Password reset keys`, to: '/admin_panel/users/reset' },
            { label: t`API tokens`, to: '/admin_panel/users/api_tokens' },
          ],
        },
        {
          label: t`Groups`,
          to: '/admin_panel/groups',
          children: [
            { label: t`End worker groups`, to: '/admin_panel/groups/endworker_groups' },
            { label: t`Client groups`, to: '/admin_panel/groups/client_groups' },
          ],
        },
        {
          label: t`Tasks`,
          to: '/admin_panel/tasks',
          children: [{ label: t`Task Types`, to: '/admin_panel/tasks/task_types' }],
        },
        {
          label: t`General`,
          to: '/admin_panel/general',
          children: [
            { label: t`Languages`, to: '/admin_panel/general/languages' },
            { label: t`Projects`, to: '/admin_panel/general/projects' },
            { label: t`Time log types`, to: '/admin_panel/general/timelog_types' },
          ],
        },
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
