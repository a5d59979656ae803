import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, List, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { SsoFailureReason } from '../../../contract/auth'
import { RouterButton } from '../../ui/links'
import { MessagePage } from '../../ui/MessagePage'

/** The reasons that say single sign-on cannot be used here at all, rather than that it failed. */
const UNAVAILABLE: Partial<Record<SsoFailureReason, MessageDescriptor>> = {
  not_configured: msg`Single sign-on is not configured on this instance.`,
  unavailable: msg`The identity provider cannot be reached right now. Try again in a few minutes.`,
}

/** What went wrong with this sign-in, said above the first-login requirements. */
const FAILURE: Partial<Record<SsoFailureReason, MessageDescriptor>> = {
  state_missing: msg`The identity provider sent you back without the sign-in you started. Sign in again from the login page.`,
  state_invalid: msg`This sign-in was not started in this browser or has expired. Sign in again from the login page.`,
  state_used: msg`This sign-in was already completed. Sign in again from the login page.`,
  provider_error: msg`The identity provider did not complete the sign-in.`,
  email_unverified: msg`Your identity provider has not confirmed your e-mail address.`,
  name_missing: msg`Your external account has no first or last name.`,
  no_account: msg`No account waits for the e-mail address of your external account.`,
  ambiguous_account: msg`Several accounts have the e-mail address of your external account. Ask your coordinator to keep it on one account only.`,
  deactivated: msg`Your account is deactivated. Contact your coordinator or an administrator.`,
}

export function OidcFailurePage({ reason }: { reason?: SsoFailureReason }) {
  const { i18n } = useLingui()
  const backToLogin = (
    <RouterButton to="/login" variant="light">
      <Trans>Back to login</Trans>
    </RouterButton>
  )
  const icon = <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" aria-hidden />

  const unavailable = reason && UNAVAILABLE[reason]
  if (unavailable) {
    return (
      <MessagePage
        icon={icon}
        title={<Trans>Single sign-on unavailable</Trans>}
        actions={backToLogin}
      >
        {i18n._(unavailable)}
      </MessagePage>
    )
  }
  const failure = reason && FAILURE[reason]
  return (
    <MessagePage icon={icon} title={<Trans>Authentication failed</Trans>} actions={backToLogin}>
      <Stack gap="sm" ta="left">
        {failure && (
          <Alert color="orange" variant="light">
            <Text size="sm" c="var(--mantine-color-text)">
              {i18n._(failure)}
            </Text>
          </Alert>
        )}
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
