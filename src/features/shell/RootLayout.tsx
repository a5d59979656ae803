import { AppShell, Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Outlet } from '@tanstack/react-router'
import { Suspense, useEffect } from 'react'
import { loadAllMessages } from '../../i18n/i18n'
import { lazyNamed } from '../../ui/lazy-named'
import { useSignedInUser } from '../auth/hooks'
import { PolicyOverlays } from '../policies'
import { AppFooter } from './AppFooter'
import { AppHeader } from './AppHeader'
import { TopNavigation } from './lazy-navigation'
import { useGlobalApiErrors } from './useGlobalApiErrors'
import { useLogoutFromOtherTabs } from './useLogoutFromOtherTabs'

// Only signed-in pages measure activity: the tracker and the outbox it queues into stay out of
// the signed-out start-up bundle.
const ActivityTracking = lazyNamed<'ActivityTracking', { userId: number }>(
  () => import('../timelogs/tracker/useActivityTracker'),
  'ActivityTracking',
)

/** The frame of every page: header, content, footer, and the session-wide behaviour. */
export function RootLayout() {
  useGlobalApiErrors()
  useLogoutFromOtherTabs()
  const user = useSignedInUser()
  const [phoneMenuOpened, phoneMenu] = useDisclosure(false)
  // The signed-in header's parts use messages outside the start-up catalog, also on the pages
  // outside the sign-in guard (not found, 403).
  useEffect(() => {
    if (user) loadAllMessages().catch(() => undefined)
  }, [user])

  return (
    <AppShell
      header={{ height: user ? { base: 100, md: 130 } : 60 }}
      navbar={{
        width: 260,
        breakpoint: 'xs',
        collapsed: { mobile: !(user && phoneMenuOpened), desktop: true },
      }}
      padding={0}
    >
      <AppShell.Header>
        <AppHeader
          user={user}
          phoneMenuOpened={phoneMenuOpened}
          onTogglePhoneMenu={phoneMenu.toggle}
        />
      </AppShell.Header>
      {user && (
        <AppShell.Navbar p="sm">
          {/* Rendered only while open, so the page holds one main navigation at a time. */}
          {phoneMenuOpened && (
            <Suspense fallback={null}>
              <TopNavigation orientation="vertical" onNavigate={phoneMenu.close} />
            </Suspense>
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main display="flex" style={{ flexDirection: 'column', minHeight: '100dvh' }}>
        <Box flex={1} p="md">
          <Outlet />
        </Box>
        <AppFooter />
      </AppShell.Main>
      <PolicyOverlays />
      {user && (
        <Suspense fallback={null}>
          <ActivityTracking userId={user.id} />
        </Suspense>
      )}
    </AppShell>
  )
}
