import { Badge, Flex, Grid } from '@mantine/core'
import { type RegisteredRouter, useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouterNavLink } from './nav-link'

/**
 * Every path a link of the app can lead to, read off the registered router (not the generated
 * route tree, whose import would pull every route into this module's import graph).
 */
export type AppPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to']

export type PageMenuItem = {
  label: string
  to: AppPath
  /** Things waiting for the user (e.g. pending approvals); shown when above zero. */
  badge?: number
  /** The sub-menu shown on the right while this item is active. */
  children?: PageMenuItem[]
}

type PageLayoutProps = {
  /** Accessible name of the left menu, e.g. 'Coordinator sections'. */
  menuLabel: string
  menu: PageMenuItem[]
  children: ReactNode
}

/** The current path is the item's path or lies below it. */
function isWithin(pathname: string, to: string): boolean {
  const base = to.replace(/\/$/, '')
  return pathname === base || pathname.startsWith(`${base}/`)
}

/**
 * An area page: its sections on the left, the active section's sub-menu on the right, the content
 * between. On phones both menus wrap into rows above the content.
 */
export function PageLayout({ menuLabel, menu, children }: PageLayoutProps) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const activeSection = menu.find((item) => isWithin(pathname, item.to))
  const subMenu = activeSection?.children ?? []
  const hasSubMenu = subMenu.length > 0

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3, lg: 2 }} order={1}>
        <PageMenu label={menuLabel} items={menu} pathname={pathname} />
      </Grid.Col>
      <Grid.Col
        span={{ base: 12, sm: hasSubMenu ? 6 : 9, lg: hasSubMenu ? 8 : 10 }}
        order={{ base: 3, sm: 2 }}
      >
        {children}
      </Grid.Col>
      {hasSubMenu && activeSection && (
        <Grid.Col span={{ base: 12, sm: 3, lg: 2 }} order={{ base: 2, sm: 3 }}>
          <PageMenu label={activeSection.label} items={subMenu} pathname={pathname} />
        </Grid.Col>
      )}
    </Grid>
  )
}

function PageMenu({
  label,
  items,
  pathname,
}: {
  label: string
  items: PageMenuItem[]
  pathname: string
}) {
  return (
    <Flex
      component="nav"
      aria-label={label}
      direction={{ base: 'row', sm: 'column' }}
      wrap={{ base: 'wrap', sm: 'nowrap' }}
      gap={4}
    >
      {items.map((item) => {
        const active = isWithin(pathname, item.to)
        return (
          <RouterNavLink
            key={item.to}
            to={item.to}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            w={{ base: 'auto', sm: '100%' }}
            rightSection={
              item.badge ? (
                <Badge size="sm" color="red" circle>
                  {item.badge}
                </Badge>
              ) : null
            }
          />
        )
      })}
    </Flex>
  )
}
