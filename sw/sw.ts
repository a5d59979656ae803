/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { RUNTIME_CACHES, SKIP_WAITING_MESSAGE } from './cache-names'
import {
  isItemMedia,
  isLocaleChunk,
  isPdfWorker,
  isProtocolFile,
  NAVIGATION_DENYLIST,
} from './matchers'

declare const self: ServiceWorkerGlobalScope

const DAY_SECONDS = 24 * 60 * 60

// An update waits for the user's consent (the page's update prompt): activating on its own could
// swap the app's code in the middle of someone's annotation work.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting()
})

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)
// Claiming only matters on the first install (later versions wait for consent above): it lets
// the very first session cache media and catalogs, so work can go offline before any reload.
clientsClaim()

// Any in-app URL is a client-side route: the precached shell answers it, so the app starts
// offline at any deep link.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }),
)

// Hashed file names: a cached copy is never stale, and superseded ones age out.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isLocaleChunk(url.pathname),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.locales,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 180 * DAY_SECONDS }),
    ],
  }),
)

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isPdfWorker(url.pathname),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.pdfWorker,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 2 }),
    ],
  }),
)

// Protocols change by new versions, yet a fresh copy is still shown whenever the server answers.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isProtocolFile(url.pathname),
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.protocols,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    ],
  }),
)

// Item media never changes under its URL. Only full (200) responses are stored, from the
// download made when an item set is opened; the audio element's range requests are then cut
// from that copy, so seeking works offline. Vary is ignored because <audio> and fetch() send
// different headers for the same file.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isItemMedia(url.pathname),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.itemMedia,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({
        maxEntries: 2000,
        maxAgeSeconds: 60 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)
