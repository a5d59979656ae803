import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, Loader } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { currentUserQuery } from '../auth/queries'

/** Renders `children` with the signed-in user, or the loading and failure states. */
export function CurrentUserGate({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { t } = useLingui()
  const user = useQuery(currentUserQuery())
  // A failed refresh keeps the user already known; only a user never loaded is an error.
  if (user.data) return children(user.data)
  if (user.isError) {
    return (
      <Alert color="red" title={t`Your account could not be loaded.`}>
        <Trans>Check your connection and reload the page.</Trans>
      </Alert>
    )
  }
  return (
    <Center py="xl" role="status">
      <Loader aria-label={t`Loading your account…`} />
    </Center>
  )
}
