import { useLingui } from '@lingui/react/macro'
import { Badge, Group } from '@mantine/core'
import type { WebhookEvent } from '../../../../contract/webhooks'
import { EVENT_LABELS } from './event-labels'

/** A webhook's events as badges named in the user's words, with the event's code as title. */
export function EventList({ events }: { events: readonly WebhookEvent[] }) {
  const { i18n } = useLingui()
  return (
    <Group gap={4}>
      {events.map((event) => (
        <Badge key={event} variant="light" tt="none" title={event}>
          {i18n._(EVENT_LABELS[event])}
        </Badge>
      ))}
    </Group>
  )
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useLingui()
  return (
    <Badge color={active ? 'green' : 'gray'} variant="dot">
      {active ? t`Active` : t`Inactive`}
    </Badge>
  )
}
