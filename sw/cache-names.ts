/**
 * Names of the service worker's run-time caches. Shared with the page, which empties the caches
 * holding user data on sign-out (they outlive the session otherwise).
 */
export const RUNTIME_CACHES = {
  locales: 'locales',
  pdfWorker: 'pdf-worker',
  protocols: 'protocols',
  itemMedia: 'item-media',
} as const

/** Run-time caches filled from authenticated API responses. */
export const USER_DATA_CACHES: readonly string[] = [
  RUNTIME_CACHES.protocols,
  RUNTIME_CACHES.itemMedia,
]

/** The message the page sends to let a waiting worker take over (workbox-window's format). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const
