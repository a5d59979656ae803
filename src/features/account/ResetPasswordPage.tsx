import { Trans, useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ResetPasswordSchema } from '../../../contract/auth'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { resetKeyQuery, resetPassword } from './api'
import { NewPasswordFields } from './fields'
import { repeatedPasswordCheck } from './password-check'
import { KeyGate, PublicForm, PublicPage } from './public-pages'

/** /reset?key=…: sets a new password from a reset link a coordinator or administrator made. */
export function ResetPasswordPage({ resetKey }: { resetKey: string | undefined }) {
  const { t } = useLingui()
  const check = useQuery({ ...resetKeyQuery(resetKey ?? ''), enabled: Boolean(resetKey) })
  return (
    <PublicPage title={t`Set a new password`}>
      <KeyGate check={resetKey ? check : null}>
        {({ email }) => <ResetPasswordForm resetKey={resetKey ?? ''} email={email} />}
      </KeyGate>
    </PublicPage>
  )
}

function ResetPasswordForm({ resetKey, email }: { resetKey: string; email: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    schema: ResetPasswordSchema,
    toInput: (values) => ({ ...values, key: resetKey }),
    check: (values) => repeatedPasswordCheck(values.password, values.repeat),
    submit: resetPassword,
    onSuccess: () => {
      void navigate({ to: '/login', search: { notice: 'password_set' } })
    },
  })
  return (
    <PublicForm form={form} label={t`Password reset`} submitLabel={<Trans>Set password</Trans>}>
      <FormError message={form.generalError} />
      {/* Shown so the user knows which account the link belongs to. */}
      <TextInput label={t`E-mail`} value={email} readOnly autoComplete="username" />
      <NewPasswordFields form={form} password="password" />
    </PublicForm>
  )
}
