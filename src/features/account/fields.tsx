import { useLingui } from '@lingui/react/macro'
import { PasswordInput, type PasswordInputProps, SimpleGrid, TextInput } from '@mantine/core'
import { PASSWORD_MIN_LENGTH } from '../../../contract/auth'
import type { TextInputBinding } from '../../ui/forms/use-form'

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

/**
 * A new password and its repetition, as the change, reset and registration forms ask them. The
 * repetition is the form's `repeat` field; `password` names the field of the new password.
 */
export function NewPasswordFields<F extends string>({
  form,
  password,
}: {
  form: { textInput: (field: F | 'repeat') => TextInputBinding }
  password: F
}) {
  const { t } = useLingui()
  return (
    <>
      <PasswordField
        label={t`New password`}
        description={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoComplete="new-password"
        required
        {...form.textInput(password)}
      />
      <PasswordField
        label={t`Repeat the new password`}
        autoComplete="new-password"
        required
        {...form.textInput('repeat')}
      />
    </>
  )
}

/** First and last name side by side, as registration and the personal details ask them. */
export function PersonNameFields({
  form,
  required = false,
}: {
  form: { textInput: (field: 'first_name' | 'last_name') => TextInputBinding }
  required?: boolean
}) {
  const { t } = useLingui()
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t`First name`}
        autoComplete="given-name"
        required={required}
        {...form.textInput('first_name')}
      />
      <TextInput
        label={t`Last name`}
        autoComplete="family-name"
        required={required}
        {...form.textInput('last_name')}
      />
    </SimpleGrid>
  )
}
