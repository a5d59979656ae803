import { loadAllMessages } from '../../i18n/i18n'
import { loadAllStyles } from '../styles/load-all-styles'

/**
 * What the start-up script leaves out for the signed-out first screen: the rest of the display
 * language's messages and the rest of the UI kit's styles. Every other page waits for it; a
 * failed load shows the route's error page (both are precached, so they do not fail offline).
 */
export function loadBeyondFirstScreen(): Promise<void> {
  return Promise.all([loadAllMessages(), loadAllStyles()]).then(() => undefined)
}
