import { I18nProvider } from '@lingui/react'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { CSRF_COOKIE } from '../../contract/constants'
import { createQueryClient } from '../api/query-client'
import { i18n } from '../i18n/i18n'
import { routeTree } from '../routeTree.gen'
import { storage } from '../storage'
import { watchFirstPage } from '../ui/deferred/page-settled'
import { ThemedMantineProvider } from '../ui/theme'

// Router scroll restoration calls it; jsdom only logs that it is missing.
window.scrollTo = () => {}

/** The app's query client, without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient()
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  })
  return queryClient
}

type RenderOptions = {
  queryClient?: QueryClient
  /**
   * Whether the cookie banner was already accepted in this browser (the default), so its modal
   * does not cover the page under test.
   */
  cookiesAccepted?: boolean
}

function prepareBrowser({ cookiesAccepted = true }: RenderOptions) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`
  if (cookiesAccepted) storage.set('cookiePolicyAccepted', true)
}

/** The providers of main.tsx, with Mantine in test mode (no transitions, no portals). */
export function TestProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemedMantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemedMantineProvider>
    </I18nProvider>
  )
}

/**
 * Renders the whole app (real route tree, guards and shell) at `path` in memory history.
 * Read where it went from `router.state.location`.
 */
export function renderApp(path: string, options: RenderOptions = {}) {
  prepareBrowser(options)
  const queryClient = options.queryClient ?? createTestQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  // As in the app: what waits for the page to settle (the offline copy) starts after the first page.
  watchFirstPage(router)
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return { ...view, router, queryClient }
}

/**
 * Renders one component inside a memory router whose every path shows it, so it can use links
 * and navigation without the app's routes.
 */
export function renderWithRouter(ui: ReactNode, options: RenderOptions & { path?: string } = {}) {
  prepareBrowser(options)
  const queryClient = options.queryClient ?? createTestQueryClient()
  const rootRoute = createRootRoute({ component: Outlet })
  const everyPath = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => ui })
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui })
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, everyPath]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  })
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return { ...view, router, queryClient }
}
