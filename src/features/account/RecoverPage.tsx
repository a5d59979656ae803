import { Trans, useLingui } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { BackToLogin, PublicPage } from './public-pages'

/** /recover: there is no self-service reset; people who can make a reset link are named. */
export function RecoverPage() {
  const { t } = useLingui()
  return (
    <PublicPage title={t`Lost password?`}>
      <Text>
        <Trans>
          Passwords are reset with a personal link. Ask a coordinator or an administrator for one;
          it opens a page where you choose a new password.
        </Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>
          If you sign in with single sign-on, your password is managed by your identity provider
          instead.
        </Trans>
      </Text>
      <BackToLogin />
    </PublicPage>
  )
}
