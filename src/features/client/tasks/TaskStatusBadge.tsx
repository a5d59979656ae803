import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { TaskStatus } from '../../../../contract/task-intake'
import { TASK_STATUS_COLOURS, TASK_STATUS_LABELS } from './status'

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge color={TASK_STATUS_COLOURS[status]} variant="light">
      {i18n._(TASK_STATUS_LABELS[status])}
    </Badge>
  )
}
