import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { type CurrentUser, CurrentUserPatchSchema } from '../../../contract/auth'
import { FormError } from '../../ui/forms/FormError'
import { SubmitButton } from '../../ui/forms/SubmitButton'
import { useForm } from '../../ui/forms/use-form'
import { notifySuccess } from '../../ui/notify'
import { authKeys } from '../auth/queries'
import { openPolicyPreview } from '../policies'
import { updateCurrentUser } from './api'
import { PersonNameFields } from './fields'
import { formatDateTime } from './format'

export function GeneralTab({ user }: { user: CurrentUser }) {
  return (
    <Stack gap="lg">
      <AccountDetails user={user} />
      <PersonalDetailsForm key={user.id} user={user} />
    </Stack>
  )
}

function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      {/* Long e-mail addresses wrap instead of widening the page on a phone. */}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  )
}

function AccountDetails({ user }: { user: CurrentUser }) {
  const { t } = useLingui()
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label={t`Account details`}>
      <Table.Tbody>
        <DetailRow label={<Trans>Username</Trans>}>{user.username}</DetailRow>
        <DetailRow label={<Trans>E-mail</Trans>}>{user.email}</DetailRow>
        <DetailRow label={<Trans>Account type</Trans>}>
          {user.is_sso_account ? (
            <Badge variant="light">
              <Trans>Single sign-on</Trans>
            </Badge>
          ) : (
            <Badge variant="light" color="gray">
              <Trans>Traditional (username and password)</Trans>
            </Badge>
          )}
        </DetailRow>
        <DetailRow label={<Trans>Last login</Trans>}>
          {user.last_login ? formatDateTime(user.last_login) : <Trans>Never</Trans>}
        </DetailRow>
        <DetailRow label={<Trans>Information clause</Trans>}>
          <Group gap="xs">
            <span>
              {user.clause_accepted_date ? (
                <Trans>Accepted on {formatDateTime(user.clause_accepted_date)}</Trans>
              ) : (
                <Trans>Not accepted yet</Trans>
              )}
            </span>
            <Anchor
              component="button"
              type="button"
              onClick={() => openPolicyPreview('information-clause')}
            >
              <Trans>Read the clause</Trans>
            </Anchor>
          </Group>
        </DetailRow>
      </Table.Tbody>
    </Table>
  )
}

function PersonalDetailsForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui()
  const titleId = useId()
  const queryClient = useQueryClient()
  const form = useForm({
    initialValues: { first_name: user.first_name, last_name: user.last_name, email: user.email },
    schema: CurrentUserPatchSchema,
    submit: updateCurrentUser,
    onSuccess: (saved) => {
      queryClient.setQueryData(authKeys.currentUser(), saved)
      form.reset({ first_name: saved.first_name, last_name: saved.last_name, email: saved.email })
      notifySuccess({ message: t`Your details have been saved.` })
    },
  })
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            <Trans>Personal details</Trans>
          </Title>
          <FormError message={form.generalError} />
          <PersonNameFields form={form} />
          <TextInput
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            {...form.textInput('email')}
          />
          <SubmitButton pending={form.pending}>
            <Trans>Save</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Paper>
  )
}
