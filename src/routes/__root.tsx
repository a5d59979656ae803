import { createRootRouteWithContext } from '@tanstack/react-router'
import { RootLayout } from '../features/shell/RootLayout'
import { NotFoundPage, RouteErrorPage } from '../features/shell/StatusPages'
import { activateDisplayLanguage } from '../i18n/i18n'
import type { RouterContext } from '../router-context'
import { storage } from '../storage'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The display language is applied on every navigation (spec section 4): another tab may
  // have changed it.
  beforeLoad: () => activateDisplayLanguage(storage.get('displayLanguage') ?? navigator.language),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
})
