import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Paper, Stack } from '@mantine/core'
import { ChangePasswordSchema } from '../../../contract/auth'
import { FormError } from '../../ui/forms/FormError'
import { SubmitButton } from '../../ui/forms/SubmitButton'
import { useForm } from '../../ui/forms/use-form'
import { notifySuccess } from '../../ui/notify'
import { changePassword } from './api'
import { CurrentUserGate } from './CurrentUserGate'
import { NewPasswordFields, PasswordField } from './fields'
import { repeatedPasswordCheck } from './password-check'

/** /user/password: only traditional accounts have a password here (spec section 6). */
export function ChangePasswordPage() {
  const { t } = useLingui()
  return (
    <CurrentUserGate>
      {(user) =>
        user.is_traditional_account ? (
          <ChangePasswordForm />
        ) : (
          <Alert color="blue" title={t`Your password is not managed here`}>
            <Trans>
              You sign in with single sign-on, so your password is changed with your identity
              provider, not in this application.
            </Trans>
          </Alert>
        )
      }
    </CurrentUserGate>
  )
}

const emptyForm = { old_password: '', new_password: '', repeat: '' }

export function ChangePasswordForm() {
  const { t } = useLingui()
  const form = useForm({
    initialValues: emptyForm,
    schema: ChangePasswordSchema,
    check: (values) => repeatedPasswordCheck(values.new_password, values.repeat),
    submit: changePassword,
    onSuccess: () => {
      form.reset(emptyForm)
      notifySuccess({ message: t`Your password has been changed.` })
    },
  })
  return (
    <Paper withBorder p="md" maw={480}>
      <form onSubmit={form.onSubmit} noValidate aria-label={t`Change password`}>
        <Stack gap="sm">
          <FormError message={form.generalError} />
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.textInput('old_password')}
          />
          <NewPasswordFields form={form} password="new_password" />
          <SubmitButton pending={form.pending}>
            <Trans>Change password</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Paper>
  )
}
