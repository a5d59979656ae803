import { createFileRoute } from '@tanstack/react-router'
import { FinanceExportsPage } from '../../../features/finance/FinanceExportsPage'
import { financeExportsQuery } from '../../../features/finance/queries'

export const Route = createFileRoute('/_app/finance/finance-exports')({
  loader: ({ context }) => context.queryClient.prefetchQuery(financeExportsQuery(0)),
  component: FinanceExportsPage,
})
