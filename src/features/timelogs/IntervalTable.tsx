import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { TimeLogInterval } from '../../../contract/timelogs'
import { type DataColumn, DataTable } from '../../ui/DataTable'
import {
  formatDuration,
  formatInZone,
  PENDING_REASON_LABELS,
  SOURCE_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from './format'

export function StatusBadge({ status }: { status: number }) {
  const { i18n } = useLingui()
  const label = STATUS_LABELS[status]
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      style={{ minWidth: 'max-content' }}
    >
      {label ? i18n._(label) : status}
    </Badge>
  )
}

export const userName = (user: TimeLogInterval['user']) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username

type IntervalTableProps = {
  label: string
  rows: readonly TimeLogInterval[]
  /** Time zone of the times shown, in decimal hours. */
  tz: number
  showUser?: boolean
  /** A leading cell (a selection check box) and trailing actions, when the rows can be acted on. */
  leading?: DataColumn<TimeLogInterval>
  actions?: (row: TimeLogInterval) => ReactNode
}

/** Intervals with their times in the chosen zone, what they were spent on and their status. */
export function IntervalTable({
  label,
  rows,
  tz,
  showUser = false,
  leading,
  actions,
}: IntervalTableProps) {
  const { t, i18n } = useLingui()
  const columns: DataColumn<TimeLogInterval>[] = [
    ...(leading ? [leading] : []),
    ...(showUser
      ? [
          {
            key: 'user',
            header: <Trans>User</Trans>,
            cell: (row: TimeLogInterval) => userName(row.user),
          },
        ]
      : []),
    { key: 'start', header: <Trans>Start</Trans>, cell: (row) => formatInZone(row.start, tz) },
    { key: 'end', header: <Trans>End</Trans>, cell: (row) => formatInZone(row.end, tz) },
    {
      key: 'duration',
      header: <Trans>Duration</Trans>,
      cell: (row) => formatDuration(row.duration_seconds),
      numeric: true,
    },
    {
      key: 'what',
      header: <Trans>Spent on</Trans>,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">
            {row.timelog_type ? row.timelog_type.name : i18n._(SOURCE_LABELS[row.source_type])}
          </Text>
          {row.task && (
            <Text size="xs" c="dimmed">
              {row.task.name}
            </Text>
          )}
          {row.protocol && (
            <Text size="xs" c="dimmed">
              {t`Protocol: ${row.protocol.name}`}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={row.status} />
          {row.pending_reason && (
            <Text size="xs" c="dimmed">
              {i18n._(PENDING_REASON_LABELS[row.pending_reason])}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'comment',
      header: <Trans>Comment</Trans>,
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {row.comment}
        </Text>
      ),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            header: <Trans>Actions</Trans>,
            cell: (row: TimeLogInterval) => actions(row),
          },
        ]
      : []),
  ]
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      minWidth={760}
      striped
    />
  )
}
