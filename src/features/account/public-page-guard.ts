import type { QueryClient } from '@tanstack/react-query'
import { storage } from '../../storage'
import { loadBeyondFirstScreen } from '../../ui/deferred/beyond-first-screen'
import { authKeys } from '../auth/queries'
import { signOut } from '../auth/session'

/**
 * /register, /reset and /recover are for visitors: someone signed in (in this browser) is signed
 * out first, so the new account or password is not mixed with the current session. Their
 * messages and styles are not all in the start-up script, so those are completed first, as for
 * signed-in pages. The routes hold this check from start-up; the pages' parts
 * (public-pages.tsx) load with the pages.
 */
export async function preparePublicPage(queryClient: QueryClient): Promise<void> {
  const signedIn =
    storage.get('user') !== null || Boolean(queryClient.getQueryData(authKeys.currentUser()))
  await Promise.all([loadBeyondFirstScreen(), signedIn ? signOut(queryClient) : undefined])
}
