import { AppShell } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Suspense } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { AppHeader } from './AppHeader'
import { TopNavigation } from './lazy-navigation'
import { PageArea } from './PageArea'

/** The frame of the signed-in pages: header with the menus, the phone menu, content, footer. */
export function SignedInFrame({ user }: { user: CurrentUser }) {
  const [phoneMenuOpened, phoneMenu] = useDisclosure(false)

  return (
    <AppShell
      header={{ height: { base: 100, md: 130 } }}
      navbar={{
        width: 260,
        breakpoint: 'xs',
        collapsed: { mobile: !phoneMenuOpened, desktop: true },
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
      <AppShell.Navbar p="sm">
        {/* Rendered only while open, so the page holds one main navigation at a time. */}
        {phoneMenuOpened && (
          <Suspense fallback={null}>
            <TopNavigation orientation="vertical" onNavigate={phoneMenu.close} />
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main display="flex" style={{ flexDirection: 'column', minHeight: '100dvh' }}>
        <PageArea />
      </AppShell.Main>
    </AppShell>
  )
}
