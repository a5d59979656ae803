import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import dayjs from 'dayjs'
import { useState } from 'react'
import { DATE_TIME_SECONDS_FORMAT } from '../../../../contract/constants'
import type { WebhookAttempt } from '../../../../contract/webhooks'
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDialog'
import { DataTable } from '../../../ui/DataTable'
import { RouterAnchor } from '../../../ui/links'
import { notifySuccess } from '../../../ui/notify'
import { Empty, QueryContent } from '../../../ui/QueryStates'
import { TitleBar } from '../../../ui/TitleBar'
import { useViewportAtMost } from '../../../ui/use-screen-width'
import { deleteWebhook, deliveriesQuery, sendTestEvent, webhookKeys, webhookQuery } from './api'
import { ActiveBadge, EventList } from './EventList'
import { WebhookForm } from './WebhookForm'

const DELIVERY_COLOURS: Record<WebhookAttempt['delivery_status'], string> = {
  PENDING: 'yellow',
  SUCCEEDED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
}

/** One webhook: what it is sent, its edit and deletion, a test event and its delivery log. */
export function WebhookDetailPage({ id }: { id: number }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const phone = useViewportAtMost('36em')
  const webhook = useQuery(webhookQuery(id))
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const test = useMutation({
    mutationFn: () => sendTestEvent(id),
    onSuccess: () => {
      notifySuccess({ message: t`The test event is on its way; its attempts show in the log.` })
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) })
    },
  })
  const deletion = useMutation({
    mutationFn: () => deleteWebhook(id),
    onSuccess: async () => {
      notifySuccess({ message: t`The webhook was deleted.` })
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) })
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all })
      await navigate({ to: '/client/webhooks' })
    },
  })

  return (
    <Stack>
      <RouterAnchor to="/client/webhooks" size="sm">
        <Trans>All webhooks</Trans>
      </RouterAnchor>
      <QueryContent
        query={webhook}
        loadingLabel={t`Loading the webhook…`}
        failedTitle={t`The webhook could not be loaded`}
      >
        {(hook) => (
          <Stack>
            <TitleBar title={t`Webhook`} level="page">
              <Group gap="xs">
                <Button
                  leftSection={<IconSend aria-hidden size={18} />}
                  onClick={() => test.mutate()}
                  loading={test.isPending}
                  disabled={!hook.active}
                >
                  <Trans>Send test event</Trans>
                </Button>
                <Button variant="default" onClick={() => setEditing(true)}>
                  <Trans>Edit</Trans>
                </Button>
                <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </TitleBar>
            <Text fw={500} style={{ wordBreak: 'break-all' }}>
              {hook.url}
            </Text>
            <Group gap="xs">
              <ActiveBadge active={hook.active} />
              <EventList events={hook.events} />
            </Group>
            {!hook.active && (
              <Text size="sm" c="dimmed">
                <Trans>It is inactive: turn it on to send it events or a test event.</Trans>
              </Text>
            )}
            <Modal
              opened={editing}
              onClose={() => setEditing(false)}
              title={t`Edit the webhook`}
              fullScreen={phone}
              size="lg"
            >
              <WebhookForm
                webhook={hook}
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            </Modal>
            <ConfirmDeleteDialog
              opened={deleting}
              title={t`Delete the webhook?`}
              deletion={deletion}
              onCancel={() => setDeleting(false)}
            >
              <Trans>
                Nothing more is sent to {hook.url}, not even the retries of earlier events, and its
                delivery log goes with it.
              </Trans>
            </ConfirmDeleteDialog>
          </Stack>
        )}
      </QueryContent>
      <DeliveryLog id={id} />
    </Stack>
  )
}

function DeliveryLog({ id }: { id: number }) {
  const { t, i18n } = useLingui()
  const deliveries = useQuery(deliveriesQuery(id))
  const statusLabels: Record<WebhookAttempt['delivery_status'], string> = {
    PENDING: t`Retrying`,
    SUCCEEDED: t`Delivered`,
    FAILED: t`Given up`,
    CANCELLED: t`Stopped`,
  }
  return (
    <Stack gap="xs">
      <TitleBar title={t`Delivery log`} level="section" />
      <QueryContent
        query={deliveries}
        loadingLabel={t`Loading the delivery log…`}
        failedTitle={t`The delivery log could not be loaded`}
        empty={
          <Empty title={t`Nothing sent yet`}>
            <Trans>Each attempt to send an event shows here, the latest first.</Trans>
          </Empty>
        }
      >
        {(attempts) => (
          <DataTable<WebhookAttempt>
            label={t`Delivery log`}
            rows={attempts}
            rowKey={(attempt) => `${attempt.delivery_id}-${attempt.attempt}`}
            minWidth={820}
            columns={[
              {
                key: 'time',
                header: t`Time`,
                rowHeader: true,
                cell: (attempt) => dayjs(attempt.attempted_at).format(DATE_TIME_SECONDS_FORMAT),
              },
              { key: 'event', header: t`Event`, cell: (attempt) => attempt.event },
              { key: 'attempt', header: t`Attempt`, numeric: true, cell: (a) => a.attempt },
              {
                key: 'status',
                header: t`Answer`,
                cell: (attempt) =>
                  attempt.status_code !== null ? (
                    <Text size="sm" c={attempt.error ? 'red' : undefined}>
                      {attempt.status_code}
                    </Text>
                  ) : (
                    <Text size="sm" c="red">
                      {attempt.error}
                    </Text>
                  ),
              },
              {
                key: 'duration',
                header: t`Duration`,
                numeric: true,
                cell: (attempt) => t`${i18n.number(attempt.duration_ms)} ms`,
              },
              {
                key: 'delivery',
                header: t`Delivery`,
                cell: (attempt) => (
                  <Badge color={DELIVERY_COLOURS[attempt.delivery_status]} variant="light">
                    {statusLabels[attempt.delivery_status]}
                  </Badge>
                ),
              },
            ]}
          />
        )}
      </QueryContent>
    </Stack>
  )
}
