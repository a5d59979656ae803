import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { useState } from 'react'
import type { LoginNotice } from './LoginPage'

const NOTICES: Record<LoginNotice, { text: MessageDescriptor; color: string }> = {
  registered: { text: msg`Your account has been created. You can sign in now.`, color: 'green' },
  password_set: { text: msg`Your password has been set. You can sign in now.`, color: 'green' },
  sso_unfinished: {
    text: msg`Single sign-on did not finish: the server sent no account back. Please sign in again.`,
    color: 'yellow',
  },
}

/** What brought the user to the login page, shown until dismissed (a toast would be gone). */
export function LoginNoticeAlert({ notice }: { notice: LoginNotice }) {
  const { t, i18n } = useLingui()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <Alert
      color={NOTICES[notice].color}
      role="status"
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={() => setDismissed(true)}
    >
      {i18n._(NOTICES[notice].text)}
    </Alert>
  )
}
