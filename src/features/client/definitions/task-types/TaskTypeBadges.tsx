import { Trans } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { TaskTypeStatus, VersionRef } from '../../../../../contract/client-definitions'
import { STATUS_COLOURS, useStatusLabels } from './status'

export function TaskTypeStatusBadge({ status }: { status: TaskTypeStatus }) {
  const labels = useStatusLabels()
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {labels[status]}
    </Badge>
  )
}

/** A schema or protocol version as a task type names it: 'Transcription v2'. */
export function VersionName({ version: ref }: { version: VersionRef }) {
  return (
    <Trans>
      {ref.name} v{ref.version}
    </Trans>
  )
}
