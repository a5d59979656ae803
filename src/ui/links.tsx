import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

/**
 * Mantine's anchor and button, navigating with the router (typed `to`, preloading). The nav link
 * (nav-link.tsx) is apart: only signed-in pages' menus use it, and the shell holds this module
 * from start-up.
 */

export type AnchorElementProps = Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />
}
function MantineButton(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />
}

export const RouterAnchor: LinkComponent<typeof MantineAnchor> = createLink(MantineAnchor)
export const RouterButton: LinkComponent<typeof MantineButton> = createLink(MantineButton)
