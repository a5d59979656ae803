import './app-frame.css'
import { Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Outlet } from '@tanstack/react-router'
import { Suspense } from 'react'
import { AfterFirstPagePainted } from '../../ui/deferred/page-settled'
import { lazyNamed } from '../../ui/lazy-named'
import { useSignedInUser } from '../auth/hooks'
import { PolicyOverlays } from '../policies'
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

// Drawn below the page once it has been painted, like the header's menus: its code stays out of
// the start-up script.
const AppFooter = lazyNamed<'AppFooter', object>(() => import('./AppFooter'), 'AppFooter')

/** The frame of every page: header, content, footer, and the session-wide behaviour. */
export function RootLayout() {
  useGlobalApiErrors()
  useLogoutFromOtherTabs()
  const user = useSignedInUser()
  const [phoneMenuOpened, phoneMenu] = useDisclosure(false)

  return (
    <Box className="app-frame" mod={{ 'signed-in': Boolean(user) }}>
      {/* The class is react-remove-scroll's: a modal locking the page's scroll keeps the fixed
          header clear of the scrollbar's place. */}
      <Box component="header" className="app-frame-header right-scroll-bar-position">
        <AppHeader
          user={user}
          phoneMenuOpened={phoneMenuOpened}
          onTogglePhoneMenu={phoneMenu.toggle}
        />
      </Box>
      {/* Rendered only while open, so the page holds one main navigation at a time. */}
      {user && phoneMenuOpened && (
        <Box className="app-frame-phone-menu">
          <Suspense fallback={null}>
            <TopNavigation orientation="vertical" onNavigate={phoneMenu.close} />
          </Suspense>
        </Box>
      )}
      <Box component="main" className="app-frame-main">
        <Box flex={1} p="md">
          <Outlet />
        </Box>
        {/* Below the page: drawn a frame after it, so the page's first task is shorter. */}
        <AfterFirstPagePainted>
          <AppFooter />
        </AfterFirstPagePainted>
      </Box>
      <PolicyOverlays />
      {user && (
        <AfterFirstPagePainted>
          <ActivityTracking userId={user.id} />
        </AfterFirstPagePainted>
      )}
    </Box>
  )
}
