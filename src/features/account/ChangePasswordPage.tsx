import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Stack } from '@mantine/core'
import { ChangePasswordSchema } from '../../../contract/auth'
import { FormError } from '../../ui/forms/FormError'
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
            value={form.values.old_password}
            onChange={(event) => form.setValue('old_password', event.currentTarget.value)}
            error={form.errors.old_password}
          />
          <NewPasswordFields
            password={form.values.new_password}
            repeat={form.values.repeat}
            onPasswordChange={(value) => form.setValue('new_password', value)}
            onRepeatChange={(value) => form.setValue('repeat', value)}
            errors={{ password: form.errors.new_password, repeat: form.errors.repeat }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.pending}>
              <Trans>Change password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
