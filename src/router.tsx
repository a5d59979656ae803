import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { dropEarlyAnswers, requestEarly } from './api/client'
import { mayHoldSession } from './features/auth/session'
import { routeTree } from './routeTree.gen'

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
 * Starts fetching the code of the page at the start-up address, and the API answers its routes
 * name as `earlyRequests`. A returning user's first page (a reload, the installed app reopening
 * where it was) then downloads beside the sign-in guard's session check, messages and styles
 * instead of after them, and its loader finds its data on the way instead of asking once its code
 * has arrived. A visitor who holds no session (the sign-in guard's own test) is sent to the
 * sign-in page, which the start-up script holds, so nothing is fetched for them.
 */
export function preloadStartUpPage(router: ReturnType<typeof createAppRouter>): void {
  if (!mayHoldSession()) return
  const [routes, rawParams] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of routes) {
    // A failed fetch is tried again when the page loads, which shows the error.
    router.loadRouteChunk(route)?.catch(() => undefined)
    for (const path of route.options.staticData?.earlyRequests?.(rawParams) ?? []) {
      requestEarly(path)
    }
  }
  // What the first page did not take (it was sent elsewhere) is not kept for later calls.
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe()
    dropEarlyAnswers()
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /**
     * API paths (as `api` takes them) the route's loader asks for, from the address's parameters
     * in their string form: started by the start-up script when the app opens on the route.
     */
    earlyRequests?: (rawParams: Record<string, string>) => string[]
  }
}
