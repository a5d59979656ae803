import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'
import { lockedItemCountQuery } from './queries'

/** The reviewer area: tasks to review, reviewed items and the reviewer's groups. */
export function ReviewLayout() {
  const { t } = useLingui()
  // Items the reviewer holds to grade, as a badge on the section where they are graded.
  const held = useQuery(lockedItemCountQuery()).data?.count
  return (
    <PageLayout
      menuLabel={t`Review sections`}
      menu={[
        // reviewer_review_tasks
        { label: t`Available Review Items`, to: '/review/perform', badge: held },
        { label: t`Reviewed Items`, to: '/review/reviewed' }, // reviewer_reviewed_tasks
        { label: t`Your groups`, to: '/review/review_groups' }, // reviewer_review_groups
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
