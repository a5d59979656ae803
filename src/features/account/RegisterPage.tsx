import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import type * as v from 'valibot'
import { RegistrationSchema, type RegistrationVerifySchema } from '../../../contract/auth'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { register, registrationKeyQuery, usernameSuggestionQuery } from './api'
import { NewPasswordFields, PersonNameFields } from './fields'
import { repeatedPasswordCheck } from './password-check'
import { BackToLogin, KeyGate, PublicForm, PublicPage } from './public-pages'

type Invitation = v.InferOutput<typeof RegistrationVerifySchema>

const SUGGESTION_DELAY_MS = 400

/** /register?key=…: creates an account from a coordinator's registration link. */
export function RegisterPage({ registrationKey }: { registrationKey: string | undefined }) {
  const { t } = useLingui()
  const check = useQuery({
    ...registrationKeyQuery(registrationKey ?? ''),
    enabled: Boolean(registrationKey),
  })
  const [created, setCreated] = useState(false)
  return (
    <PublicPage title={t`Create your account`}>
      {created ? (
        <>
          <Alert color="green" title={t`Your account has been created`}>
            <Trans>A coordinator must activate it before you can sign in.</Trans>
          </Alert>
          <BackToLogin />
        </>
      ) : (
        <KeyGate check={registrationKey ? check : null}>
          {(invitation) => (
            <RegistrationForm
              registrationKey={registrationKey ?? ''}
              invitation={invitation}
              onCreatedInactive={() => setCreated(true)}
            />
          )}
        </KeyGate>
      )}
    </PublicPage>
  )
}

function RegistrationForm({
  registrationKey,
  invitation,
  onCreatedInactive,
}: {
  registrationKey: string
  invitation: Invitation
  onCreatedInactive: () => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: invitation.email ?? '',
      username: '',
      password: '',
      repeat: '',
    },
    schema: RegistrationSchema,
    toInput: (values) => ({ ...values, key: registrationKey }),
    check: (values) => repeatedPasswordCheck(values.password, values.repeat),
    submit: register,
    onSuccess: (user) => {
      if (invitation.deactivate_account) return onCreatedInactive()
      void navigate({
        to: '/login/$username',
        params: { username: user.username },
        search: { notice: 'registered' },
      })
    },
  })
  useUsernameSuggestion(registrationKey, form.values, (username) =>
    form.setValue('username', username),
  )

  return (
    <PublicForm form={form} label={t`Registration`} submitLabel={<Trans>Create account</Trans>}>
      {invitation.deactivate_account && (
        <Text size="sm" c="dimmed">
          <Trans>After you register, a coordinator must activate your account.</Trans>
        </Text>
      )}
      <FormError message={form.generalError} />
      <PersonNameFields form={form} required />
      <TextInput
        label={t`E-mail`}
        type="email"
        autoComplete="email"
        required
        // The link was sent to this address: the account must use it.
        readOnly={invitation.email !== null}
        description={invitation.email !== null ? t`Set by your registration link.` : undefined}
        {...form.textInput('email')}
      />
      <TextInput
        label={t`Username`}
        description={t`Suggested from your name; you may change it.`}
        autoComplete="username"
        required
        {...form.textInput('username')}
      />
      <NewPasswordFields form={form} password="password" />
    </PublicForm>
  )
}

/**
 * Fills the username from the server's suggestion once names are typed (the registration key lets
 * the server answer). A username the user typed is kept; an empty field takes the next suggestion
 * (when the names change).
 */
function useUsernameSuggestion(
  registrationKey: string,
  values: { first_name: string; last_name: string; email: string; username: string },
  suggest: (username: string) => void,
) {
  const [suggested, setSuggested] = useState('')
  const ownUsername = values.username !== '' && values.username !== suggested
  const names = useMemo(
    () => ({
      key: registrationKey,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
    }),
    [registrationKey, values.first_name, values.last_name, values.email],
  )
  const [debounced] = useDebouncedValue(names, SUGGESTION_DELAY_MS)
  const suggestion = useQuery({
    ...usernameSuggestionQuery(debounced),
    enabled: !ownUsername && Boolean(debounced.first_name || debounced.last_name),
  })
  const username = suggestion.data?.username
  useEffect(() => {
    if (!username || ownUsername || username === suggested) return
    setSuggested(username)
    suggest(username)
  }, [username, ownUsername, suggested, suggest])
}
