import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type CreatedWebhook,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookCreate,
  WebhookCreateSchema,
  type WebhookEvent,
  type WebhookPatch,
  WebhookPatchSchema,
} from '../../../../contract/webhooks'
import { FormError } from '../../../ui/forms/FormError'
import { SubmitButton } from '../../../ui/forms/SubmitButton'
import { useForm } from '../../../ui/forms/use-form'
import { ClientGroupSelect } from '../definitions/shared/ClientGroupSelect'
import { clientGroupsQuery } from '../queries/client-groups'
import { createWebhook, patchWebhook, webhookKeys } from './api'
import { EVENT_LABELS } from './event-labels'

type Values = {
  client_group: number | null
  url: string
  events: WebhookEvent[]
  active: boolean
}

type WebhookFormProps = {
  /** The webhook to edit; without it the form makes a new one. */
  webhook?: Webhook
  /** A new webhook's group until the client picks another. */
  clientGroup?: number | null
  /** Told of what was saved; a new webhook comes with its secret. */
  onSaved: (saved: Webhook | CreatedWebhook) => void
  onCancel: () => void
}

/** The URL, the events and the switch of a webhook; on creation also its client group. */
export function WebhookForm(props: WebhookFormProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { webhook } = props
  // A client of one group has nothing to choose, even when the form opened before it was known.
  const groups = useQuery(clientGroupsQuery())
  const onlyGroup = groups.data?.length === 1 ? (groups.data[0]?.id ?? null) : null
  const form = useForm({
    initialValues: {
      client_group: webhook ? webhook.client_group : (props.clientGroup ?? null),
      url: webhook?.url ?? '',
      events: webhook?.events ?? [],
      active: webhook?.active ?? true,
    } satisfies Values as Values,
    schema: webhook ? WebhookPatchSchema : WebhookCreateSchema,
    toInput: ({ client_group, ...rest }) =>
      webhook ? rest : { client_group: client_group ?? onlyGroup, ...rest },
    check: (values) => ({
      events: values.events.length === 0 ? msg`Choose at least one event.` : undefined,
      client_group:
        !webhook && (values.client_group ?? onlyGroup) === null
          ? msg`Choose a client group.`
          : undefined,
    }),
    // The schema is the one of the form's mode, so the payload is that mode's.
    submit: (payload): Promise<Webhook | CreatedWebhook> =>
      webhook
        ? patchWebhook(webhook.id, payload as WebhookPatch)
        : createWebhook(payload as WebhookCreate),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all })
      props.onSaved(saved)
    },
  })
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack>
        {!webhook && (
          <ClientGroupSelect
            value={form.values.client_group ?? onlyGroup}
            onChange={(id) => form.setValue('client_group', id)}
            error={form.errors.client_group}
            description={t`The webhook is told of this group's tasks; it cannot be changed later.`}
          />
        )}
        <TextInput
          label={t`Receiver URL`}
          description={t`Where the events are sent (POST, JSON). It must start with https://.`}
          placeholder="https://example.org/hooks/crowdwork"
          required
          type="url"
          {...form.textInput('url')}
        />
        <Checkbox.Group
          label={t`Events`}
          description={t`What the receiver is told of.`}
          required
          {...form.field('events')}
          onChange={(events) => form.setValue('events', events as WebhookEvent[])}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={i18n._(EVENT_LABELS[event])}
                description={event}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label={t`Active`}
          description={t`An inactive webhook is sent nothing, not even retries.`}
          checked={form.values.active}
          onChange={(event) => form.setValue('active', event.currentTarget.checked)}
        />
        <FormError message={form.generalError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={form.pending}>
            <Trans>Cancel</Trans>
          </Button>
          <SubmitButton pending={form.pending}>
            {webhook ? <Trans>Save</Trans> : <Trans>Create the webhook</Trans>}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
