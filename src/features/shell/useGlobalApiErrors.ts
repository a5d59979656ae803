import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { UNAUTHORIZED_LOGOUT_DELAY_MS } from '../../../contract/constants'
import { onApiError } from '../../api/client'
import { i18n } from '../../i18n/i18n'
import { notifyError } from '../../ui/notify'
import { safeRedirectPath } from '../auth/redirect'
import { mayHoldSession, signOut } from '../auth/session'

type StatusNotice = { title: MessageDescriptor; message: MessageDescriptor }

/** The spec's error catalogue (section 8) for failures a screen does not handle itself. */
const STATUS_NOTICES: Partial<Record<number, StatusNotice>> = {
  403: {
    title: msg`Permissions error`,
    message: msg`You do not have permission to do this. Sign in to an account with the right permissions or contact the administrators.`,
  },
  404: {
    title: msg`Resource not found`,
    message: msg`The resource could not be found. This may be a bug, or the servers may be unavailable.`,
  },
  500: {
    title: msg`Internal server error`,
    message: msg`An unknown error occurred. Please contact the administrators.`,
  },
  503: {
    title: msg`Permissions error`,
    message: msg`This request must come from the internal network.`,
  },
}

/** The catalogue's title for a failed status, for screens that show failures themselves. */
export const statusNoticeTitle = (status: number): MessageDescriptor | undefined =>
  STATUS_NOTICES[status]?.title

const UNAUTHORIZED_NOTICE = msg`User unauthorized: your session expired or you are not authorized, please reauthenticate`

/**
 * Applies the global error handling: a notification per failed status, and on a 401 a sign-out
 * after a short delay (so a burst of failing calls ends in one sign-out), back to the login page
 * with the current page kept for after sign-in. A 401 once nobody is signed in on this device (a
 * late answer to a call made before sign-out) ends nothing and goes nowhere.
 */
export function useGlobalApiErrors(): void {
  const queryClient = useQueryClient()
  const router = useRouter()

  useEffect(() => {
    let pendingSignOut: ReturnType<typeof setTimeout> | undefined

    const stopListening = onApiError((error) => {
      if (error.status === 401) {
        if (!mayHoldSession()) return
        pendingSignOut ??= setTimeout(async () => {
          pendingSignOut = undefined
          // Signed out meanwhile (the user's own sign-out, or another tab's).
          if (!mayHoldSession()) return
          notifyError({ message: i18n._(UNAUTHORIZED_NOTICE) })
          const redirect = safeRedirectPath(router.state.location.href) ?? undefined
          await signOut(queryClient, { isSessionValid: false })
          await router.navigate({ to: '/login', search: { redirect } })
        }, UNAUTHORIZED_LOGOUT_DELAY_MS)
        return
      }
      const notice = STATUS_NOTICES[error.status]
      if (notice) notifyError({ title: i18n._(notice.title), message: i18n._(notice.message) })
    })

    return () => {
      stopListening()
      clearTimeout(pendingSignOut)
    }
  }, [queryClient, router])
}
