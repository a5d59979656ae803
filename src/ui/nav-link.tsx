import { NavLink, type NavLinkProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { AnchorElementProps } from './links'

/** Mantine's nav link, navigating with the router (typed `to`, preloading), for the menus. */

function MantineNavLink(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />
}

export const RouterNavLink: LinkComponent<typeof MantineNavLink> = createLink(MantineNavLink)
