import './ui/styles/start-up.css'
import './pwa/install-prompt'
import { I18nProvider } from '@lingui/react'
import {
  PersistQueryClientProvider,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, Suspense, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient, queryPersister } from './api/query-client'
import { activateDisplayLanguage, i18n } from './i18n/i18n'
import { createAppRouter, preloadStartUpPage } from './router'
import { storage } from './storage'
import { nextTask } from './ui/deferred/next-task'
import { AfterPageSettled, watchFirstPage, whenPageSettled } from './ui/deferred/page-settled'
import { lazyNamed } from './ui/lazy-named'
import { ThemedMantineProvider } from './ui/theme'

// Neither is part of the first screen: they load once the page has settled, keeping start-up
// small and the first page's connection free.
const Notifications = lazyNamed(() => import('./ui/deferred/notifications'), 'Notifications')
const UpdatePrompt = lazyNamed(() => import('./pwa/UpdatePrompt'), 'UpdatePrompt')

const queryClient = createQueryClient()

/** Queries marked `meta.persist: false` live in IndexedDB and are not copied to localStorage. */
const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister: queryPersister,
  dehydrateOptions: {
    // Successful answers only, as by default.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist !== false,
  },
}

whenPageSettled(() => {
  void import('./offline-sync').then(({ startOfflineSync }) => startOfflineSync(queryClient))
})

async function start() {
  // Evaluating the start-up script, making the router, starting the page's code and requests, and
  // rendering: each in a task of its own, instead of one that held a slow phone's main thread for
  // about 180 ms.
  await nextTask()
  const router = createAppRouter(queryClient)
  watchFirstPage(router)
  await nextTask()
  preloadStartUpPage(router)
  await nextTask()
  await activateDisplayLanguage(storage.get('displayLanguage') ?? navigator.language)
  const root = createRoot(document.getElementById('root') as HTMLElement)
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for a third of a second: taps and paints get through.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ThemedMantineProvider defaultColorScheme="auto">
            <AfterPageSettled>
              <Suspense fallback={null}>
                <Notifications position="top-right" />
                <UpdatePrompt />
              </Suspense>
            </AfterPageSettled>
            <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
              <RouterProvider router={router} />
            </PersistQueryClientProvider>
          </ThemedMantineProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  )
}

void start()
