import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '../../../features/auth/guard'
import { FinanceLayout } from '../../../features/finance/FinanceLayout'

/** The spec's `finance` route. */
export const Route = createFileRoute('/_app/finance')({
  beforeLoad: requirePermission('finance_manager'),
  component: FinanceLayout,
})
