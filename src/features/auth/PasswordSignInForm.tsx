import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Loader,
  PasswordInput,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { LoginRequest } from '../../../contract/auth'
import { LOGIN_ERROR_COUNTDOWN_MS, USERNAME_MIN_LENGTH } from '../../../contract/constants'
import { ApiError } from '../../api/client'
import { signIn } from './session'
import { useCountdownMessage } from './useCountdownMessage'

type LoginErrorMessage = { title: string; detail: string }

/** The spec's login errors: the server's detail under a title telling what kind of failure it is. */
function describeLoginError(error: unknown, i18n: I18n): LoginErrorMessage {
  if (!(error instanceof ApiError)) {
    return { title: i18n._(msg`Login failed`), detail: i18n._(msg`Something went wrong :(`) }
  }
  if (error.status === 0) {
    return {
      title: i18n._(msg`Login failed`),
      detail: i18n._(msg`The server could not be reached. Check your connection and try again.`),
    }
  }
  if (error.status === 429) {
    return { title: i18n._(msg`Too many sign-in attempts`), detail: error.detail }
  }
  const deactivated = error.code === 'account_deactivated' || /deactivated/i.test(error.detail)
  return {
    title: deactivated ? i18n._(msg`Account deactivated`) : i18n._(msg`Login failed`),
    detail: error.detail,
  }
}

function validate(username: string, password: string) {
  const name = username.trim()
  return {
    username:
      name.length === 0
        ? msg`Enter your username or e-mail.`
        : name.length < USERNAME_MIN_LENGTH
          ? msg`Enter at least ${USERNAME_MIN_LENGTH} characters.`
          : null,
    password: password.length === 0 ? msg`Enter your password.` : null,
  }
}

type PasswordSignInFormProps = {
  initialUsername?: string
  /** The page to open after sign-in. */
  redirect?: string
}

export function PasswordSignInForm({ initialUsername, redirect }: PasswordSignInFormProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [username, setUsername] = useState(initialUsername ?? '')
  const [password, setPassword] = useState('')
  const [passwordVisible, setPasswordVisible] = useState(false)
  const [touched, setTouched] = useState({ username: Boolean(initialUsername), password: false })
  const loginError = useCountdownMessage<LoginErrorMessage>(LOGIN_ERROR_COUNTDOWN_MS)

  const signInMutation = useMutation({
    mutationFn: (credentials: LoginRequest) => signIn(queryClient, credentials),
    // The root route follows the kept redirect (or opens the user's home).
    onSuccess: () => navigate({ to: '/', search: { redirect } }),
    onError: (error) => loginError.show(describeLoginError(error, i18n)),
  })

  const errors = validate(username, password)
  const invalid = Boolean(errors.username || errors.password)
  const blocked = invalid || signInMutation.isPending || loginError.counting

  const secondsLeft = i18n.number(loginError.remainingMs / 1000, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (blocked) return
    signInMutation.mutate({ username: username.trim(), password })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t`Username or e-mail`}
          autoComplete="username"
          required
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value)
            loginError.clear()
          }}
          onBlur={() => setTouched((state) => ({ ...state, username: true }))}
          error={touched.username && errors.username ? i18n._(errors.username) : null}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value)
            loginError.clear()
          }}
          onBlur={() => setTouched((state) => ({ ...state, password: true }))}
          error={touched.password && errors.password ? i18n._(errors.password) : null}
          visible={passwordVisible}
          onVisibilityChange={setPasswordVisible}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{
            'aria-label': passwordVisible ? t`Hide password` : t`Show password`,
          }}
        />
        <Text size="sm" c="dimmed">
          <Trans>
            <Text span fw={600} inherit>
              Lost password?
            </Text>{' '}
            Ask your coordinators or administrators for a password reset link.
          </Trans>
        </Text>
        {loginError.message && (
          <Alert color="red" title={loginError.message.title} role="alert">
            <Stack gap={6}>
              <Text size="sm">{loginError.message.detail}</Text>
              {loginError.counting && (
                <>
                  <Text size="xs" c="dimmed">
                    <Trans>You can try again in {secondsLeft} s.</Trans>
                  </Text>
                  <Progress
                    size="xs"
                    color="red"
                    value={(loginError.remainingMs / LOGIN_ERROR_COUNTDOWN_MS) * 100}
                    aria-label={t`Time before you can try again`}
                  />
                </>
              )}
            </Stack>
          </Alert>
        )}
        <Button
          type="submit"
          disabled={blocked}
          leftSection={signInMutation.isPending ? <Loader size="xs" /> : null}
        >
          {signInMutation.isPending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </Stack>
    </form>
  )
}
