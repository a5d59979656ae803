import { Trans } from '@lingui/react/macro'
import { UrlTabs } from '../../ui/UrlTabs'
import { CurrentUserGate } from './CurrentUserGate'
import { GeneralTab } from './GeneralTab'
import { ProfileTab } from './ProfileTab'
import type { AccountTab } from './tabs'

/** The default child of /user; the open tab lives in the URL so it survives a reload. */
export function AccountTabs({
  tab,
  onTabChange,
}: {
  tab: AccountTab
  onTabChange: (tab: AccountTab) => void
}) {
  return (
    <CurrentUserGate>
      {(user) => (
        <UrlTabs<AccountTab>
          value={tab}
          onChange={onTabChange}
          tabs={[
            { value: 'general', label: <Trans>General</Trans>, panel: <GeneralTab user={user} /> },
            { value: 'profile', label: <Trans>Profile</Trans>, panel: <ProfileTab user={user} /> },
          ]}
        />
      )}
    </CurrentUserGate>
  )
}
