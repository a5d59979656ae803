import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import {
  PersistQueryClientProvider,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient, queryPersister } from './api/query-client'
import { keepFinishedSetsSynced } from './features/annotate/finish'
import { keepItemSetsSynced } from './features/annotate/sync'
import { taskKeys } from './features/tasks/queries'
import { activateDisplayLanguage, i18n } from './i18n/i18n'
// Registers the annotation, review and activity operations before the outbox replays anything.
import './offline/operations/annotation-save'
import './offline/operations/review-save'
import './offline/operations/timelog-activity'
import { startOutboxSync } from './offline/outbox'
import { UpdatePrompt } from './pwa/UpdatePrompt'
import { createAppRouter } from './router'
import { storage } from './storage'
import { theme } from './theme'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

/** Queries marked `meta.persist: false` live in IndexedDB and are not copied to localStorage. */
const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister: queryPersister,
  dehydrateOptions: {
    // Successful answers only, as by default.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist !== false,
  },
}

// Once per page load: queued changes replay now, on reconnection, on tab focus and on a timer,
// and what the server confirms is folded into the item sets kept for offline work.
startOutboxSync()
keepItemSetsSynced(queryClient)
keepFinishedSetsSynced(queryClient, () => {
  void queryClient.invalidateQueries({ queryKey: taskKeys.all })
})

async function start() {
  await activateDisplayLanguage(storage.get('displayLanguage') ?? navigator.language)
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Notifications position="top-right" />
          <UpdatePrompt />
          <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
            <RouterProvider router={router} />
          </PersistQueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
