import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Text } from '@mantine/core'
import type { CurrentUser } from '../../../contract/auth'
import { lazyBeyondFirstScreen } from '../../ui/deferred/beyond-first-screen'
import { AfterFirstPagePainted } from '../../ui/deferred/page-settled'
import { RouterAnchor } from '../../ui/links'
import { DisplayLanguageMenu } from './DisplayLanguageMenu'
import { TopNavigation } from './lazy-navigation'

// Shown only after sign-in: the sign-in page's start-up bundle does without them (and without
// the messages and styles they use, which a signed-in header outside the sign-in guard waits for).
const SyncIndicator = lazyBeyondFirstScreen(
  () => import('../annotate/SyncIndicator'),
  'SyncIndicator',
)
const UserMenu = lazyBeyondFirstScreen(() => import('./UserMenu'), 'UserMenu')

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
            // Drawn in app-frame.css: Mantine's Burger cost the start-up script half a kilobyte.
            <button
              type="button"
              className="app-frame-burger"
              aria-expanded={phoneMenuOpened}
              onClick={onTogglePhoneMenu}
              aria-label={phoneMenuOpened ? t`Close the menu` : t`Open the menu`}
            >
              <span />
            </button>
          )}
          <RouterAnchor to="/" fw={700} size="lg" underline="never" c="inherit">
            <Trans>Crowdwork</Trans>
          </RouterAnchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {user && (
            <div className="app-header-sync">
              <AfterFirstPagePainted>
                <SyncIndicator />
              </AfterFirstPagePainted>
            </div>
          )}
          <DisplayLanguageMenu />
          {user && (
            <AfterFirstPagePainted>
              <UserMenu user={user} />
            </AfterFirstPagePainted>
          )}
        </Group>
      </Group>
      {user && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group visibleFrom="xs">
            <AfterFirstPagePainted>
              <TopNavigation orientation="horizontal" />
            </AfterFirstPagePainted>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            <Trans>Hi, {name}!</Trans>
          </Text>
        </Group>
      )}
    </Stack>
  )
}
