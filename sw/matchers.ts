import { API_BASE } from '../contract/constants'

/**
 * Which same-origin paths each of the service worker's routes answers. Kept free of worker
 * globals so the page's tests can check them.
 */

/** Navigations the app shell answers: every client-side route, but not the server's own pages. */
export const NAVIGATION_DENYLIST: RegExp[] = [new RegExp(`^${API_BASE}(/|$)`)]

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname))
}

export function isLocaleChunk(pathname: string): boolean {
  return pathname.startsWith('/locales/')
}

export function isPdfWorker(pathname: string): boolean {
  return pathname.startsWith('/assets/pdf.worker')
}

export function isProtocolFile(pathname: string): boolean {
  return pathname.startsWith(`${API_BASE}/media/protocols/`)
}

/**
 * Item media of the spec's section 7: `/api/<area>/.../media/<item>/<uuid>/`. Paths directly under
 * `/api/media/` (protocols, the encrypted-audio licence) are not item media.
 */
export function isItemMedia(pathname: string): boolean {
  if (!pathname.startsWith(`${API_BASE}/`)) return false
  const segments = pathname.slice(API_BASE.length).split('/')
  const media = segments.indexOf('media', 2)
  return media > 0 && segments.slice(media + 1).some(Boolean)
}
