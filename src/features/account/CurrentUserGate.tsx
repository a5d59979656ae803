import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, Loader, Stack } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../contract/auth'
import { useAccountUser } from '../auth/hooks'

/**
 * Renders `children` with the signed-in user, or the loading and failure states. Offline, the
 * account as this device last saw it is shown, saying so.
 */
export function CurrentUserGate({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { t } = useLingui()
  // A failed refresh keeps the user already known; only a user never loaded is an error.
  const { user, fromDevice, failed } = useAccountUser()
  if (user) {
    if (!fromDevice) return children(user)
    return (
      <Stack gap="md">
        <Alert color="orange" icon={<IconCloudOff aria-hidden />} title={t`You are offline`}>
          <Trans>
            This is your account as this device last saw it. Changes can be saved once you are back
            online.
          </Trans>
        </Alert>
        {children(user)}
      </Stack>
    )
  }
  if (failed) {
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
