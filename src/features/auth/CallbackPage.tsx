import { Trans } from '@lingui/react/macro'
import { Loader } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { MessagePage } from '../../ui/MessagePage'
import { takeRedirectTarget } from './redirect'
import { completeSingleSignOn } from './session'

/**
 * How long a return without a username waits (the address may still be completing) before the
 * user is sent back to sign in: without one, no session was opened.
 */
export const CALLBACK_WITHOUT_USERNAME_WAIT_MS = 3000

/**
 * Where single sign-on comes back to. The server adds `username` once it has opened a session;
 * the user is then loaded and taken to the page kept before leaving (or home).
 */
export function CallbackPage({ username }: { username?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  useEffect(() => {
    if (username) return
    const timer = setTimeout(
      () => void navigate({ to: '/login', search: { notice: 'sso_unfinished' }, replace: true }),
      CALLBACK_WITHOUT_USERNAME_WAIT_MS,
    )
    return () => clearTimeout(timer)
  }, [username, navigate])

  useEffect(() => {
    if (!username) return
    // Strict mode runs effects twice; only the last run may navigate.
    let cancelled = false
    void completeSingleSignOn(queryClient).then((user) => {
      if (cancelled) return
      if (user) {
        void navigate({
          to: '/',
          search: { redirect: takeRedirectTarget() ?? undefined },
          replace: true,
        })
      } else {
        void navigate({ to: '/oidc_failure', replace: true })
      }
    })
    return () => {
      cancelled = true
    }
  }, [username, queryClient, navigate])

  return <MessagePage icon={<Loader aria-hidden />} title={<Trans>Authenticating...</Trans>} />
}
