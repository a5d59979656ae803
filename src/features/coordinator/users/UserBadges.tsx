import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Badge, Group } from '@mantine/core'
import type { UserAlert } from '../../../../contract/coordinator-users'

export const ALERT_LABELS: Record<UserAlert, MessageDescriptor> = {
  NOT_END_WORKER: msg`Not an end worker`,
  NO_LANGUAGE_SET: msg`No language set`,
  NO_NATIVE_LANGUAGE_SET: msg`No native language set`,
  PROFILE_UNDER_APPROVAL: msg`Profile under approval`,
  LOW_QUALITY: msg`Low quality`,
}

/** The reasons a user needs the coordinator's attention, one badge each. */
export function AlertBadges({ alerts }: { alerts: readonly UserAlert[] }) {
  const { i18n } = useLingui()
  if (alerts.length === 0) return null
  return (
    <Group gap={4}>
      {alerts.map((alert) => (
        <Badge
          key={alert}
          color={alert === 'PROFILE_UNDER_APPROVAL' ? 'orange' : 'red'}
          variant="light"
          size="sm"
        >
          {i18n._(ALERT_LABELS[alert])}
        </Badge>
      ))}
    </Group>
  )
}
