import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { mayHoldSession } from './features/auth/session'
import { routeTree } from './routeTree.gen'

export type RouterContext = { queryClient: QueryClient }

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which already caches.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

/**
 * Starts fetching the code of the page at the start-up address. A returning user's first page (a
 * reload, the installed app reopening where it was) then downloads beside the sign-in guard's
 * session check, messages and styles instead of after them. A visitor who holds no session (the
 * sign-in guard's own test) is sent to the sign-in page, which the start-up script holds, so
 * nothing is fetched for them.
 */
export function preloadStartUpPageCode(router: ReturnType<typeof createAppRouter>): void {
  if (!mayHoldSession()) return
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of routes) {
    // A failed fetch is tried again when the page loads, which shows the error.
    router.loadRouteChunk(route)?.catch(() => undefined)
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
