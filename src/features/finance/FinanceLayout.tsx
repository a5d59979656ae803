import { useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../ui/PageLayout'

export function FinanceLayout() {
  const { t } = useLingui()
  return (
    <PageLayout
      menuLabel={t`Finance sections`}
      menu={[
        { label: t`Master files`, to: '/finance/vsp-master-files' },
        { label: t`Ratio intervals`, to: '/finance/vsp-ratio-intervals' },
        { label: t`Finance exports`, to: '/finance/finance-exports' },
      ]}
    >
      <Outlet />
    </PageLayout>
  )
}
