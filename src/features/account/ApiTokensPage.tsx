import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  API_TOKEN_EXPIRY_DAYS,
  type ApiTokenCreated,
  ApiTokenCreateSchema,
} from '../../../contract/api-tokens'
import { hasPermission } from '../../../contract/roles'
import { FormError } from '../../ui/forms/FormError'
import { useForm } from '../../ui/forms/use-form'
import { ShownOnce } from '../../ui/ShownOnce'
import { usePermissions } from '../auth/hooks'
import { ApiTokenList } from './ApiTokenList'
import { apiTokenKeys, createApiToken, ownApiTokensQuery, revokeOwnApiToken } from './api-tokens'

/** /user/tokens: the user's personal API tokens, for scripts that call the API as them. */
export function ApiTokensPage() {
  const { t } = useLingui()
  const [offset, setOffset] = useState(0)
  const query = useQuery(ownApiTokensQuery(offset))
  const [created, setCreated] = useState<ApiTokenCreated | null>(null)
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <Trans>API tokens</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          A script sends a token in the header “Authorization: Bearer” and acts as you, with your
          current permissions. Revoke a token as soon as it is no longer needed.
        </Trans>
      </Text>
      {created ? (
        <ShownOnce
          title={t`Copy the token now`}
          label={t`API token`}
          copyLabel={t`Copy the token`}
          value={created.token}
          onClose={() => setCreated(null)}
        >
          <Trans>Keep it somewhere safe, such as a secret store. It cannot be shown again.</Trans>
        </ShownOnce>
      ) : (
        <ApiTokenForm onCreated={setCreated} />
      )}
      <ApiTokenList
        label={t`Your API tokens`}
        query={query}
        offset={offset}
        onOffsetChange={setOffset}
        revoke={revokeOwnApiToken}
        listKey={apiTokenKeys.own()}
        revokeWarning={() => <Trans>Scripts that use it stop working at once.</Trans>}
      />
    </Stack>
  )
}

const NEVER = 'never'

function ApiTokenForm({ onCreated }: { onCreated: (token: ApiTokenCreated) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const isStaff = hasPermission(usePermissions(), 'staff')
  // The field keeps the server's name, so its refusals land under it.
  const initialValues = { name: '', expires_in_days: '90' }
  const form = useForm({
    initialValues,
    schema: ApiTokenCreateSchema,
    toInput: (values) => ({
      name: values.name,
      expires_in_days: values.expires_in_days === NEVER ? null : Number(values.expires_in_days),
    }),
    submit: createApiToken,
    onSuccess: (token) => {
      form.reset(initialValues)
      onCreated(token)
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.own() })
    },
  })
  const expiry = form.field('expires_in_days')
  const choices = [
    ...API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: t`${days} days` })),
    ...(isStaff ? [{ value: NEVER, label: t`Never (staff only)` }] : []),
  ]
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`New API token`}>
      <Stack gap="xs">
        <FormError message={form.generalError} />
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t`Name`}
            description={t`What the token is for, such as “nightly export”.`}
            {...form.textInput('name')}
            style={{ flex: '1 1 16rem' }}
          />
          <Select
            label={t`Expires after`}
            description={t`The token stops working then.`}
            data={choices}
            allowDeselect={false}
            value={expiry.value}
            onChange={(value) => value && expiry.onChange(value)}
            error={expiry.error}
            style={{ flex: '0 1 12rem' }}
          />
        </Group>
        <Group>
          <Button type="submit" loading={form.pending}>
            <Trans>Create a token</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
