import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Webhook } from '../../../../contract/webhooks'
import { DataTable } from '../../../ui/DataTable'
import { RouterAnchor } from '../../../ui/links'
import { Empty, QueryContent } from '../../../ui/QueryStates'
import { TitleBar } from '../../../ui/TitleBar'
import { useViewportAtMost } from '../../../ui/use-screen-width'
import { formatDateTime } from '../../account/format'
import { ClientGroupFilter } from '../client-group-filter'
import { useClientGroupFilter } from '../use-client-group'
import { webhooksQuery } from './api'
import { ActiveBadge, EventList } from './EventList'
import { WebhookForm } from './WebhookForm'
import { WebhookSecret } from './WebhookSecret'

/** The webhooks of the client's groups (or of the group chosen in the filter). */
export function WebhooksPage() {
  const { t } = useLingui()
  const clientGroup = useClientGroupFilter()
  const query = useQuery(webhooksQuery(clientGroup))
  const phone = useViewportAtMost('36em')
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)

  const newButton = (
    <Button leftSection={<IconPlus aria-hidden size={18} />} onClick={() => setCreating(true)}>
      <Trans>New webhook</Trans>
    </Button>
  )
  return (
    <Stack>
      <TitleBar title={t`Webhooks`} level="page">
        <Group align="flex-end">
          <ClientGroupFilter />
          {newButton}
        </Group>
      </TitleBar>
      <Text c="dimmed" size="sm">
        <Trans>
          Your systems are told when a task's import or export finishes or fails, or when a task is
          finished: the server sends a signed POST request to each webhook subscribed to the event.
        </Trans>
      </Text>
      {secret && <WebhookSecret secret={secret} onClose={() => setSecret(null)} />}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`New webhook`}
        fullScreen={phone}
        size="lg"
      >
        <WebhookForm
          clientGroup={clientGroup}
          onSaved={(created) => {
            setCreating(false)
            if ('secret' in created) setSecret(created.secret)
          }}
          onCancel={() => setCreating(false)}
        />
      </Modal>
      <QueryContent
        query={query}
        loadingLabel={t`Loading the webhooks…`}
        failedTitle={t`The webhooks could not be loaded`}
        empty={
          <Empty title={t`No webhooks yet`} action={newButton}>
            <Trans>Add one to have your systems told of your tasks' events.</Trans>
          </Empty>
        }
      >
        {(webhooks) => (
          <DataTable<Webhook>
            label={t`Webhooks`}
            rows={webhooks}
            rowKey={(webhook) => webhook.id}
            minWidth={760}
            columns={[
              {
                key: 'url',
                header: t`Receiver URL`,
                rowHeader: true,
                cell: (webhook) => (
                  <RouterAnchor
                    to="/client/webhooks/$webhookId"
                    params={{ webhookId: String(webhook.id) }}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {webhook.url}
                  </RouterAnchor>
                ),
              },
              {
                key: 'events',
                header: t`Events`,
                cell: (webhook) => <EventList events={webhook.events} />,
              },
              {
                key: 'active',
                header: t`State`,
                cell: (webhook) => <ActiveBadge active={webhook.active} />,
              },
              {
                key: 'created',
                header: t`Created`,
                cell: (webhook) => formatDateTime(webhook.created_at),
              },
            ]}
          />
        )}
      </QueryContent>
    </Stack>
  )
}
