import { Trans } from '@lingui/react/macro'
import { List, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { RouterButton } from '../../ui/links'
import { MessagePage } from '../../ui/MessagePage'

/** Reasons the server may give when it sends the visitor here. */
export type OidcFailureReason = 'not_configured'

export function OidcFailurePage({ reason }: { reason?: OidcFailureReason }) {
  const backToLogin = (
    <RouterButton to="/login" variant="light">
      <Trans>Back to login</Trans>
    </RouterButton>
  )
  const icon = <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" aria-hidden />

  if (reason === 'not_configured') {
    return (
      <MessagePage
        icon={icon}
        title={<Trans>Single sign-on unavailable</Trans>}
        actions={backToLogin}
      >
        <Trans>Single sign-on is not configured on this instance.</Trans>
      </MessagePage>
    )
  }
  return (
    <MessagePage icon={icon} title={<Trans>Authentication failed</Trans>} actions={backToLogin}>
      <Stack gap="sm" ta="left">
        <Text>
          <Trans>Authentication was unsuccessful or your account is deactivated.</Trans>
        </Text>
        <Text>
          <Trans>If this is your first sign-in with single sign-on, check that:</Trans>
        </Text>
        <List spacing={4}>
          <List.Item>
            <Trans>your coordinator has created a placeholder account for you;</Trans>
          </List.Item>
          <List.Item>
            <Trans>your first and last name are filled in your external account;</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              your e-mail address is the same as the one of your existing traditional account.
            </Trans>
          </List.Item>
        </List>
      </Stack>
    </MessagePage>
  )
}
