import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group } from '@mantine/core'
import type { AnnotationStatus } from '../../../contract/worker'

const STATUS_BADGES: Record<AnnotationStatus, { label: MessageDescriptor; color: string }> = {
  initialized: { label: msg`Not started`, color: 'gray' },
  saved: { label: msg`Saved`, color: 'green' },
  processing: { label: msg`Processing`, color: 'blue' },
  validation_error: { label: msg`Validation error`, color: 'red' },
}

/** The item's annotation status (spec section 4), and whether its latest change is on the server. */
export function ItemStatusBadge({
  status,
  unsynced,
}: {
  status: AnnotationStatus
  unsynced: boolean
}) {
  const { i18n } = useLingui()
  const { label, color } = STATUS_BADGES[status]
  return (
    <Group gap={4}>
      <Badge color={color} variant="light" data-status={status}>
        {i18n._(label)}
      </Badge>
      {unsynced && (
        <Badge color="orange" variant="outline">
          <Trans>Not synced yet</Trans>
        </Badge>
      )}
    </Group>
  )
}
