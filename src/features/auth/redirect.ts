import { storage } from '../../storage'

/**
 * Only paths of this app are followed after sign-in, so a crafted link cannot send a user to
 * another site; the login pages themselves are skipped so a redirect never loops back to them.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  if (/^\/login(?:[/?#]|$)/.test(value)) return null
  return value
}

/** Single sign-on leaves the app, so the page to come back to is kept in local storage. */
export function rememberRedirect(target: string | undefined): void {
  const path = safeRedirectPath(target)
  if (path) storage.set('redirect', path)
  else storage.remove('redirect')
}

/** The page to open after sign-in: the `redirect` query value, else the stored one (used once). */
export function takeRedirectTarget(fromQuery?: string): string | null {
  const target = safeRedirectPath(fromQuery) ?? safeRedirectPath(storage.get('redirect'))
  storage.remove('redirect')
  return target
}
