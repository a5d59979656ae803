import { Trans } from '@lingui/react/macro'
import { Tabs } from '@mantine/core'
import { CurrentUserGate } from './CurrentUserGate'
import { GeneralTab } from './GeneralTab'
import { ProfileTab } from './ProfileTab'

export const ACCOUNT_TABS = ['general', 'profile'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

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
        <Tabs
          value={tab}
          onChange={(next) => {
            if (next === 'general' || next === 'profile') onTabChange(next)
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="general">
              <Trans>General</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="profile">
              <Trans>Profile</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="profile" pt="md">
            <ProfileTab user={user} />
          </Tabs.Panel>
        </Tabs>
      )}
    </CurrentUserGate>
  )
}
