import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { authKeys } from '../auth/queries'
import { clearLocalSession, listenForLogoutInOtherTabs } from '../auth/session'

/** A sign-out in another tab ends the session here too: the server session is already gone. */
export function useLogoutFromOtherTabs(): void {
  const queryClient = useQueryClient()
  const router = useRouter()

  useEffect(
    () =>
      listenForLogoutInOtherTabs(() => {
        const wasSignedIn = queryClient.getQueryData(authKeys.currentUser()) !== undefined
        clearLocalSession(queryClient)
        // A visitor on a public page (registration, reset) stays where they are.
        if (wasSignedIn) void router.navigate({ to: '/login' })
      }),
    [queryClient, router],
  )
}
