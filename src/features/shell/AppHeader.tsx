import { Trans, useLingui } from '@lingui/react/macro'
import { Burger, Group, Stack, Text } from '@mantine/core'
import type { CurrentUser } from '../../../contract/auth'
import { RouterAnchor } from '../../ui/links'
import { SyncIndicator } from '../annotate/SyncIndicator'
import { DisplayLanguageMenu } from './DisplayLanguageMenu'
import { TopNavigation } from './TopNavigation'
import { UserMenu } from './UserMenu'

type AppHeaderProps = {
  /** Absent on public pages: only the brand and the language menu are shown. */
  user: CurrentUser | undefined
  phoneMenuOpened: boolean
  onTogglePhoneMenu: () => void
}

export function AppHeader({ user, phoneMenuOpened, onTogglePhoneMenu }: AppHeaderProps) {
  const { t } = useLingui()
  const name = user ? user.first_name || user.username : ''

  return (
    <Stack h="100%" justify="center" gap={6} px="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {user && (
            <Burger
              opened={phoneMenuOpened}
              onClick={onTogglePhoneMenu}
              hiddenFrom="xs"
              size="sm"
              aria-label={phoneMenuOpened ? t`Close the menu` : t`Open the menu`}
            />
          )}
          <RouterAnchor to="/" fw={700} size="lg" underline="never" c="inherit">
            <Trans>Crowdwork</Trans>
          </RouterAnchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {user && <SyncIndicator />}
          <DisplayLanguageMenu />
          {user && <UserMenu user={user} />}
        </Group>
      </Group>
      {user && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group visibleFrom="xs">
            <TopNavigation orientation="horizontal" />
          </Group>
          <Text size="sm" c="dimmed" truncate>
            <Trans>Hi, {name}!</Trans>
          </Text>
        </Group>
      )}
    </Stack>
  )
}
