import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type CreatedResetKey,
  PASSWORD_RESET_KEY_LIFETIME_HOURS,
  type ResetKey,
  ResetKeyInputSchema,
} from '../../../../contract/coordinator-keys'
import { FormError } from '../../../ui/forms/FormError'
import { useForm } from '../../../ui/forms/use-form'
import { formatDateTime } from '../../account/format'
import { CreatedKeyLink } from './CreatedKeyLink'
import { KeyListSection, useKeyListPlace } from './KeyListSection'
import { createResetKey, deleteResetKey, keyListKeys, resetKeysQuery } from './queries'

/** /coordinator/users/reset: password-reset links for the accounts of the coordination groups. */
export function ResetKeysPage() {
  const { t } = useLingui()
  const { place, setOffset } = useKeyListPlace()
  const query = useQuery(resetKeysQuery(place))
  const [created, setCreated] = useState<CreatedResetKey | null>(null)

  return (
    <KeyListSection<ResetKey>
      title={<Trans>Password reset keys</Trans>}
      tableLabel={t`Password reset keys`}
      query={query}
      offset={place.offset}
      onOffsetChange={setOffset}
      creation={
        created ? (
          <CreatedKeyLink link={created.link} onClose={() => setCreated(null)} />
        ) : (
          <ResetKeyForm coordinationGroup={place.coordinationGroup} onCreated={setCreated} />
        )
      }
      emptyTitle={<Trans>No password reset keys</Trans>}
      remove={deleteResetKey}
      listKey={keyListKeys.reset()}
      deleteTitle={(row) => t`Delete the reset key of ${row.email}?`}
      deleteWarning={<Trans>Its link stops working.</Trans>}
      columns={[
        { key: 'email', header: <Trans>E-mail</Trans>, cell: (row) => row.email, rowHeader: true },
        {
          key: 'created',
          header: <Trans>Created</Trans>,
          cell: (row) => formatDateTime(row.created_timestamp),
        },
        {
          key: 'expiration',
          header: <Trans>Expires</Trans>,
          cell: (row) => formatDateTime(row.expiration_timestamp),
        },
        {
          key: 'state',
          header: <Trans>State</Trans>,
          cell: (row) => <KeyState row={row} />,
        },
      ]}
    />
  )
}

function KeyState({ row }: { row: ResetKey }) {
  if (row.is_used) {
    return (
      <Badge color="gray">
        <Trans>Used</Trans>
      </Badge>
    )
  }
  if (new Date(row.expiration_timestamp).getTime() <= Date.now()) {
    return (
      <Badge color="red">
        <Trans>Expired</Trans>
      </Badge>
    )
  }
  return (
    <Badge color="green">
      <Trans>Usable</Trans>
    </Badge>
  )
}

function ResetKeyForm({
  coordinationGroup,
  onCreated,
}: {
  coordinationGroup: number | null
  onCreated: (key: CreatedResetKey) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm({
    initialValues: { email: '' },
    draft: 'coordinator.reset-key',
    schema: ResetKeyInputSchema,
    toInput: (values) => ({ ...values, coordination_group: coordinationGroup }),
    submit: createResetKey,
    onSuccess: (key) => {
      form.reset({ email: '' })
      onCreated(key)
      void queryClient.invalidateQueries({ queryKey: keyListKeys.reset() })
    },
  })
  const hours = PASSWORD_RESET_KEY_LIFETIME_HOURS
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`New password reset key`}>
      <Stack gap="xs">
        <FormError message={form.generalError} />
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t`E-mail of the account`}
            description={t`The link works once, for ${hours} hours, and signs the account out everywhere.`}
            type="email"
            {...form.textInput('email')}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={form.pending}>
            <Trans>Create a reset link</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
