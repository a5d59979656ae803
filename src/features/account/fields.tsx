import { useLingui } from '@lingui/react/macro'
import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { PASSWORD_MIN_LENGTH } from '../../../contract/auth'

/** A password input whose show/hide toggle is labelled in the display language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui()
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
      {...props}
    />
  )
}

/** A new password and its repetition, as the change, reset and registration forms ask them. */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  errors,
}: {
  password: string
  repeat: string
  onPasswordChange: (value: string) => void
  onRepeatChange: (value: string) => void
  errors: { password?: string; repeat?: string }
}) {
  const { t } = useLingui()
  return (
    <>
      <PasswordField
        label={t`New password`}
        description={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
      />
      <PasswordField
        label={t`Repeat the new password`}
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(event) => onRepeatChange(event.currentTarget.value)}
        error={errors.repeat}
      />
    </>
  )
}
