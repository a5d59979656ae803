import { Badge, Box, Grid, Group, Stack } from '@mantine/core'
import { type RegisteredRouter, useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouterButton } from './links'
import { RouterNavLink } from './nav-link'
import { useSideMenusCollapsed } from './use-screen-width'

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

type MenuProps = { label: string; items: PageMenuItem[]; pathname: string }

/**
 * An area page: its sections on the left, the active section's sub-menu on the right, the content
 * between. On narrower screens both menus become compact bars above the content, which then has
 * the whole width; their badges stay in view.
 */
export function PageLayout({ menuLabel, menu, children }: PageLayoutProps) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const collapsed = useSideMenusCollapsed()
  const activeSection = menu.find((item) => isWithin(pathname, item.to))
  const subMenu = activeSection?.children ?? []
  const sections: MenuProps = { label: menuLabel, items: menu, pathname }
  const sub: MenuProps | null =
    activeSection && subMenu.length > 0
      ? { label: activeSection.label, items: subMenu, pathname }
      : null

  if (collapsed) {
    return (
      <Stack gap="md">
        <Stack gap="xs">
          <SectionBar {...sections} />
          {sub && <SubMenuBar {...sub} />}
        </Stack>
        <Box miw={0}>{children}</Box>
      </Stack>
    )
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={2}>
        <SideMenu {...sections} />
      </Grid.Col>
      <Grid.Col span={sub ? 8 : 10}>{children}</Grid.Col>
      {sub && (
        <Grid.Col span={2}>
          <SideMenu {...sub} />
        </Grid.Col>
      )}
    </Grid>
  )
}

function MenuBadge({ count }: { count: number | undefined }) {
  return count ? (
    <Badge size="sm" color="red" circle>
      {count}
    </Badge>
  ) : null
}

/** A menu as a column of links beside the content. */
function SideMenu({ label, items, pathname }: MenuProps) {
  return (
    <Stack component="nav" aria-label={label} gap={4}>
      {items.map((item) => {
        const active = isWithin(pathname, item.to)
        return (
          <RouterNavLink
            key={item.to}
            to={item.to}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            rightSection={<MenuBadge count={item.badge} />}
          />
        )
      })}
    </Stack>
  )
}

/** The sections as a row of pills above the content, wrapping rather than hiding any. */
function SectionBar({ label, items, pathname }: MenuProps) {
  return (
    <Group component="nav" aria-label={label} gap={6}>
      {items.map((item) => {
        const active = isWithin(pathname, item.to)
        return (
          <RouterButton
            key={item.to}
            to={item.to}
            aria-current={active ? 'page' : undefined}
            variant={active ? 'filled' : 'default'}
            radius="xl"
            size="compact-sm"
            rightSection={<MenuBadge count={item.badge} />}
          >
            {item.label}
          </RouterButton>
        )
      })}
    </Group>
  )
}

/** The active section's sub-menu as a row of tabs under the sections. */
function SubMenuBar({ label, items, pathname }: MenuProps) {
  return (
    <Group
      component="nav"
      aria-label={label}
      gap={4}
      pb={4}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {items.map((item) => {
        const active = isWithin(pathname, item.to)
        return (
          <RouterButton
            key={item.to}
            to={item.to}
            aria-current={active ? 'page' : undefined}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="compact-sm"
            fw={active ? 700 : 500}
            rightSection={<MenuBadge count={item.badge} />}
          >
            {item.label}
          </RouterButton>
        )
      })}
    </Group>
  )
}
