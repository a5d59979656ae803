import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'
import { coordinatorCountersQuery } from './queries'

/** The coordinator area; its menu badges are the same counters as the header's warning dot. */
export function CoordinatorLayout() {
  const { t } = useLingui()
  const { data: counters } = useQuery(coordinatorCountersQuery())
  const usersWithAlerts = counters?.users_with_alerts ?? 0
  const pendingApprovals = counters?.pending_profile_approvals ?? 0
  const pendingTimeLogs = counters?.pending_time_logs ?? 0

  return (
    <PageLayout
      menuLabel={t`Coordinator sections`}
      menu={[
        {
          label: t`Users`, // coordinator_users
          to: '/coordinator/users',
          badge: usersWithAlerts + pendingApprovals,
          children: [
            { label: t`Users list`, to: '/coordinator/users/list', badge: usersWithAlerts },
            {
              label: t`Profile approvals`,
              to: '/coordinator/users/profile_approvals',
              badge: pendingApprovals,
            },
            { label: t`Registration keys`, to: '/coordinator/users/register' },
            { label: t`Password reset keys`, to: '/coordinator/users/reset' },
            { label: t`Groups`, to: '/coordinator/users/groups' },
          ],
        },
        {
          label: t`Time Logs`, // coordinator_timelogs
          to: '/coordinator/timelogs',
          badge: pendingTimeLogs,
          children: [
            { label: t`Users' logs`, to: '/coordinator/timelogs/users' }, // coordinator_timelogs_users
            {
              label: t`Pending time logs`, // coordinator_timelogs_pending
              to: '/coordinator/timelogs/pending-logs',
              badge: pendingTimeLogs,
            },
            {
              label: t`Work time exports`, // coordinator_timelogs_export
              to: '/coordinator/timelogs/work-time-export',
            },
          ],
        },
        { label: t`Item Sets`, to: '/coordinator/item-sets' }, // coordinator_item_sets
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
