import { Workbox } from 'workbox-window'
import { USER_DATA_CACHES } from '../../sw/cache-names'

/** What the update prompt needs from workbox-window; tests pass a Workbox over a fake browser. */
export type ServiceWorkerControl = Pick<
  Workbox,
  'addEventListener' | 'removeEventListener' | 'register' | 'update' | 'messageSkipWaiting'
>

let appInstance: Workbox | null | undefined

/**
 * The app's one Workbox instance, or null in development builds (a worker there would serve
 * stale modules to the dev server) and in browsers without service workers.
 */
export function appServiceWorker(): Workbox | null {
  if (appInstance === undefined) {
    appInstance =
      import.meta.env.PROD && 'serviceWorker' in navigator
        ? new Workbox('/sw.js', { type: 'module' })
        : null
  }
  return appInstance
}

const registered = new WeakSet<ServiceWorkerControl>()

/** Registering twice would double every lifecycle event, and effects may run twice. */
export function registerOnce(workbox: ServiceWorkerControl): void {
  if (registered.has(workbox)) return
  registered.add(workbox)
  workbox.register().catch((error: unknown) => {
    // The app still works online without a worker (private modes may refuse one).
    console.error('Service worker registration failed', error)
  })
}

/**
 * Empties the run-time caches that hold protocols and item media, so they do not outlive the
 * session that fetched them. Meant for sign-out.
 */
export async function clearUserDataCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  await Promise.all(USER_DATA_CACHES.map((name) => caches.delete(name)))
}
