import { Box } from '@mantine/core'
import { Suspense } from 'react'
import { storage } from '../../storage'
import { whenPageSettled } from '../../ui/deferred/page-settled'
import { lazyNamed } from '../../ui/lazy-named'
import { useSignedInUser } from '../auth/hooks'
import { PolicyOverlays } from '../policies'
import { AppHeader } from './AppHeader'
import { PageArea } from './PageArea'
import { useGlobalApiErrors } from './useGlobalApiErrors'
import { useLogoutFromOtherTabs } from './useLogoutFromOtherTabs'

// Mantine's app shell (with the phone menu) frames signed-in pages only, so it stays out of the
// sign-in page's start-up bundle. A browser holding a session fetches it with the start-up
// script's own imports, not after the first page has been drawn; a visitor once the page has
// settled, so signing in goes straight to the signed-in frame.
const loadSignedInFrame = () => import('./SignedInFrame')
const SignedInFrame = lazyNamed(loadSignedInFrame, 'SignedInFrame')
if (storage.get('user') !== null) void loadSignedInFrame()
else whenPageSettled(() => void loadSignedInFrame())

// Only signed-in pages measure activity: the tracker and the outbox it queues into stay out of
// the signed-out start-up bundle.
const ActivityTracking = lazyNamed<'ActivityTracking', { userId: number }>(
  () => import('../timelogs/tracker/useActivityTracker'),
  'ActivityTracking',
)

const PUBLIC_HEADER_HEIGHT = 60
/** The border of Mantine's app shell, so both frames draw the header alike. */
const APP_SHELL_BORDER = 'light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))'

/** The frame of every page (header, content, footer), and the session-wide behaviour. */
export function RootLayout() {
  useGlobalApiErrors()
  useLogoutFromOtherTabs()
  const user = useSignedInUser()

  return (
    <>
      {user ? (
        <Suspense fallback={null}>
          <SignedInFrame user={user} />
        </Suspense>
      ) : (
        <PublicFrame />
      )}
      <PolicyOverlays />
      {user && (
        <Suspense fallback={null}>
          <ActivityTracking userId={user.id} />
        </Suspense>
      )}
    </>
  )
}

/** The frame of the signed-out pages: the brand and the language menu above the page. */
function PublicFrame() {
  return (
    <>
      <Box
        component="header"
        h={PUBLIC_HEADER_HEIGHT}
        pos="sticky"
        top={0}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, borderBottom: `1px solid ${APP_SHELL_BORDER}` }}
      >
        <AppHeader />
      </Box>
      <Box
        component="main"
        display="flex"
        style={{ flexDirection: 'column', minHeight: `calc(100dvh - ${PUBLIC_HEADER_HEIGHT}px)` }}
      >
        <PageArea />
      </Box>
    </>
  )
}
