import type { QueryClient } from '@tanstack/react-query'
import { storage } from '../../storage'
import { authKeys } from '../auth/queries'
import { signOut } from '../auth/session'

/**
 * /register, /reset and /recover are for visitors: someone signed in (in this browser) is signed
 * out first, so the new account or password is not mixed with the current session. The routes
 * hold this check from start-up; the pages' parts (public-pages.tsx) load with the pages.
 */
export async function signOutBeforePublicPage(queryClient: QueryClient): Promise<void> {
  if (storage.get('user') !== null || queryClient.getQueryData(authKeys.currentUser())) {
    await signOut(queryClient)
  }
}
