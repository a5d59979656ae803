import { useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'

/** The reviewer area: tasks to review, reviewed items and the reviewer's groups. */
export function ReviewLayout() {
  const { t } = useLingui()
  return (
    <PageLayout
      menuLabel={t`Review sections`}
      menu={[
        { label: t`Available Review Items`, to: '/review/perform' }, // reviewer_review_tasks
        { label: t`Reviewed Items`, to: '/review/reviewed' }, // reviewer_reviewed_tasks
        { label: t`Your groups`, to: '/review/review_groups' }, // reviewer_review_groups
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
