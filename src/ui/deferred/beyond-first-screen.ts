import type { ComponentType, LazyExoticComponent } from 'react'
import { loadAllMessages } from '../../i18n/i18n'
import { lazyNamed } from '../lazy-named'
import { loadAllStyles } from '../styles/load-all-styles'

/**
 * What the start-up script leaves out for the signed-out first screen: the rest of the display
 * language's messages and the rest of the UI kit's styles. Every other page waits for it; a
 * failed load shows the route's error page (both are precached, so they do not fail offline).
 */
export function loadBeyondFirstScreen(): Promise<void> {
  return Promise.all([loadAllMessages(), loadAllStyles()]).then(() => undefined)
}

/**
 * `lazyNamed` for a part that can show outside a page that loaded what lies beyond the first
 * screen (the signed-in header on a not-found page, an overlay of the sign-in page): it renders
 * once its code, the messages and the styles are all there.
 */
export function lazyBeyondFirstScreen<TName extends string, TProps extends object>(
  load: () => Promise<Record<TName, ComponentType<TProps>>>,
  name: TName,
): LazyExoticComponent<ComponentType<TProps>> {
  return lazyNamed(
    () => Promise.all([load(), loadBeyondFirstScreen()]).then(([module]) => module),
    name,
  )
}
