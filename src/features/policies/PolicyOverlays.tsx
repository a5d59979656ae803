import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { api } from '../../api/client'
import { storage } from '../../storage'
import { lazyBeyondFirstScreen } from '../../ui/deferred/beyond-first-screen'
import { useSignedInUser, useSignedInUserLoading } from '../auth/hooks'
import { authKeys } from '../auth/queries'
import { CookieBanner } from './CookieBanner'
import { closePolicyPreview, usePolicyPreview } from './preview-store'

// Each overlay's code loads when it is first due, not with every page, with the styles of the
// components it draws beyond the signed-out first screen's.
const ClauseAcceptModal = lazyBeyondFirstScreen(
  () => import('./ClauseAcceptModal'),
  'ClauseAcceptModal',
)
const PolicyPreviewModal = lazyBeyondFirstScreen(
  () => import('./PolicyPreviewModal'),
  'PolicyPreviewModal',
)

/** Skipping the clause after a failure lasts for this browser session only, never for good. */
const CLAUSE_SKIPPED_KEY = 'clauseSkipped'

function readClauseSkipped(): boolean {
  try {
    return sessionStorage.getItem(CLAUSE_SKIPPED_KEY) === 'true'
  } catch {
    return false
  }
}

function writeClauseSkipped(): void {
  try {
    sessionStorage.setItem(CLAUSE_SKIPPED_KEY, 'true')
  } catch {
    // Without sessionStorage the skip lasts until the page is reloaded.
  }
}

/**
 * The cookie banner, the clause modal and policy previews, one at a time: a preview the user
 * asked for comes first, then the cookie banner, then the clause (which waits for the cookies).
 * Mounted once by the shell, inside the router.
 */
export function PolicyOverlays() {
  const user = useSignedInUser()
  // A copy of the user restored from storage may predate an acceptance: wait for the fresh one.
  const userLoading = useSignedInUserLoading()
  const previewed = usePolicyPreview()
  const [cookiesAcceptedHere, setCookiesAcceptedHere] = useState(
    () => storage.get('cookiePolicyAccepted') === true,
  )
  const [clauseSkipped, setClauseSkipped] = useState(readClauseSkipped)
  useCookieAcceptanceSync(user, cookiesAcceptedHere, setCookiesAcceptedHere)

  const cookiesAccepted = cookiesAcceptedHere || Boolean(user?.cookie_policy_accepted_date)
  const clauseDue = Boolean(user && !user.clause_accepted_date) && !clauseSkipped && !userLoading

  return (
    <Suspense fallback={null}>
      {!cookiesAccepted && (
        <CookieBanner
          opened={previewed === null}
          onAccept={() => {
            storage.set('cookiePolicyAccepted', true)
            setCookiesAcceptedHere(true)
          }}
        />
      )}
      {clauseDue && (
        <ClauseAcceptModal
          opened={previewed === null && cookiesAccepted}
          onSkip={() => {
            writeClauseSkipped()
            setClauseSkipped(true)
          }}
        />
      )}
      {previewed !== null && <PolicyPreviewModal kind={previewed} onClose={closePolicyPreview} />}
    </Suspense>
  )
}

/**
 * Keeps the browser's and the server's record of the cookie acceptance in step: an acceptance
 * given in this browser (before or after signing in) is sent once per user, and a signed-in user
 * who accepted elsewhere is remembered here too, so the signed-out pages stop asking.
 */
function useCookieAcceptanceSync(
  user: CurrentUser | undefined,
  acceptedHere: boolean,
  setAcceptedHere: (accepted: boolean) => void,
): void {
  const queryClient = useQueryClient()
  const sentFor = useRef<number | null>(null)
  const userId = user?.id
  const acceptedOnServer = Boolean(user?.cookie_policy_accepted_date)

  useEffect(() => {
    if (userId === undefined) return
    if (acceptedOnServer) {
      if (!acceptedHere) {
        storage.set('cookiePolicyAccepted', true)
        setAcceptedHere(true)
      }
      return
    }
    if (!acceptedHere || sentFor.current === userId) return
    sentFor.current = userId
    api('auth/current-user/accept-cookie-policy/', {
      method: 'PUT',
      handledStatuses: [404, 500, 503],
    }).then(
      () =>
        queryClient.setQueryData<CurrentUser>(authKeys.currentUser(), (current) =>
          current ? { ...current, cookie_policy_accepted_date: new Date().toISOString() } : current,
        ),
      // The local acceptance already hides the banner; the next visit sends it again.
      () => undefined,
    )
  }, [userId, acceptedOnServer, acceptedHere, setAcceptedHere, queryClient])
}
