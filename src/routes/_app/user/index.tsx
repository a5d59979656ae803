import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AccountTabs } from '../../../features/account/AccountTabs'
import { ACCOUNT_TABS } from '../../../features/account/tabs'

export const Route = createFileRoute('/_app/user/')({
  validateSearch: v.object({ tab: v.optional(v.fallback(v.picklist(ACCOUNT_TABS), 'general')) }),
  component: UserIndex,
})

function UserIndex() {
  const { tab = 'general' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AccountTabs
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next }, replace: true })}
    />
  )
}
