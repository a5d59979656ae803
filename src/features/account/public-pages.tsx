import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Container, Paper, Stack, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import { ApiError } from '../../api/client'
import { invalidKeyMessage } from '../../ui/forms/form-errors'
import { RouterAnchor } from '../../ui/links'
import { Loading } from '../../ui/QueryStates'
import { KEY_STATUSES } from './api'

export function PublicPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} py="xl" px={0}>
      <Paper withBorder shadow="sm" p="lg">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  )
}

export function BackToLogin() {
  return (
    <RouterAnchor to="/login">
      <Trans>Back to sign-in</Trans>
    </RouterAnchor>
  )
}

type PublicFormProps = {
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; pending: boolean }
  /** Names the form for screen readers. */
  label: string
  submitLabel: ReactNode
  children: ReactNode
}

/** The form of a key-link page: its fields, the submit button, then the way back to sign-in. */
export function PublicForm({ form, label, submitLabel, children }: PublicFormProps) {
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        <Button type="submit" loading={form.pending}>
          {submitLabel}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  )
}

/**
 * A page opened from a key link: its form shows only once the server knows the key. `check` is
 * null when the link carries no key at all.
 */
export function KeyGate<T>({
  check,
  children,
}: {
  check: UseQueryResult<T> | null
  children: (data: T) => ReactNode
}) {
  const { t, i18n } = useLingui()
  if (
    check === null ||
    (check.error instanceof ApiError && KEY_STATUSES.includes(check.error.status))
  ) {
    return (
      <>
        <Alert color="red" title={t`This link cannot be used`}>
          {i18n._(invalidKeyMessage)}
        </Alert>
        <BackToLogin />
      </>
    )
  }
  if (check.isError) {
    const offline = check.error instanceof ApiError && check.error.status === 0
    return (
      <Alert color="red" title={t`The link could not be checked`}>
        {offline ? (
          <Trans>The server cannot be reached. Check your connection and reload the page.</Trans>
        ) : (
          <Trans>Try again later.</Trans>
        )}
      </Alert>
    )
  }
  if (check.isPending) return <Loading label={t`Checking the link…`} />
  return children(check.data)
}
