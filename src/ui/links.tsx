import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

/** Mantine's anchor, button and nav link, navigating with the router (typed `to`, preloading). */

type AnchorElementProps = Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />
}
function MantineButton(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />
}
function MantineNavLink(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />
}

export const RouterAnchor: LinkComponent<typeof MantineAnchor> = createLink(MantineAnchor)
export const RouterButton: LinkComponent<typeof MantineButton> = createLink(MantineButton)
export const RouterNavLink: LinkComponent<typeof MantineNavLink> = createLink(MantineNavLink)
