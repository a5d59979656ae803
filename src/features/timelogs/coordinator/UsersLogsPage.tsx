import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Switch, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { FlatIntervalGroup } from '../../../../contract/timelogs'
import { DataTable } from '../../../ui/DataTable'
import { PagedList } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { CoordinationGroupFilter } from '../../coordinator/CoordinationGroupFilter'
import { useCoordinationGroupFilter } from '../../coordinator/use-coordination-group'
import { formatDuration, formatInZone, SOURCE_LABELS, TIME_SECONDS_FORMAT } from '../format'
import {
  IntervalFilterBar,
  type IntervalListControls,
  initialControls,
  useIntervalFilters,
} from '../IntervalFilterBar'
import { IntervalList } from '../IntervalList'
import { StatusBadge, userName } from '../IntervalTable'
import {
  flatIntervalsQuery,
  type IntervalFilters,
  type IntervalPage,
  intervalsQuery,
} from '../queries'

/** /coordinator/timelogs/users: the logs of the users of the coordinator's groups. */
export function UsersLogsPage() {
  const { t } = useLingui()
  const coordinationGroup = useCoordinationGroupFilter()
  const [controls, setControls] = useState<IntervalListControls>(() => initialControls())
  const [grouped, setGrouped] = useState(false)
  const filters = {
    ...useIntervalFilters(controls),
    coordination_group: coordinationGroup ?? undefined,
  }
  const page = { offset: (controls.page - 1) * controls.limit, limit: controls.limit }
  const onPage = (next: number) => setControls({ ...controls, page: next })

  return (
    <Stack>
      <TitleBar title={<Trans>Users' logs</Trans>} level="page" />
      <Group align="flex-end">
        <CoordinationGroupFilter />
        <Switch
          label={t`One row per user, day, source and status`}
          checked={grouped}
          onChange={(event) => {
            setGrouped(event.currentTarget.checked)
            onPage(1)
          }}
          mb={6}
        />
      </Group>
      <IntervalFilterBar controls={controls} onChange={setControls} />
      {grouped ? (
        <FlatIntervalList filters={filters} page={page} controls={controls} onPage={onPage} />
      ) : (
        <IntervalList
          label={t`Users' logs`}
          query={intervalsQuery(filters, page)}
          controls={controls}
          onPage={onPage}
          emptyTitle={<Trans>No time logs match</Trans>}
          showUser
        />
      )}
    </Stack>
  )
}

type FlatIntervalListProps = {
  filters: IntervalFilters
  page: IntervalPage
  controls: IntervalListControls
  onPage: (page: number) => void
}

/** The flat grouped view: each user's day, per source and status, with what it held. */
function FlatIntervalList({ filters, page, controls, onPage }: FlatIntervalListProps) {
  const { t, i18n } = useLingui()
  const result = useQuery(flatIntervalsQuery(filters, page))
  return (
    <PagedList
      query={result}
      loadingLabel={t`Users' logs by day`}
      failedTitle={<Trans>The time logs could not be loaded.</Trans>}
      emptyTitle={<Trans>No time logs match</Trans>}
      paging={{ page: controls.page, onPage, pageSize: controls.limit }}
    >
      {(rows) => (
        <DataTable<FlatIntervalGroup>
          label={t`Users' logs by day`}
          rows={rows}
          rowKey={(row) => row.ids.join('-')}
          minWidth={760}
          striped
          columns={[
            {
              key: 'user',
              header: <Trans>User</Trans>,
              cell: (row) => userName(row.user),
              rowHeader: true,
            },
            {
              key: 'day',
              header: <Trans>Day</Trans>,
              cell: (row) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {row.day}
                </Text>
              ),
            },
            {
              key: 'span',
              header: <Trans>From – to</Trans>,
              cell: (row) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatInZone(row.start, controls.tz, TIME_SECONDS_FORMAT)} –{' '}
                  {formatInZone(row.end, controls.tz, TIME_SECONDS_FORMAT)}
                </Text>
              ),
            },
            {
              key: 'duration',
              header: <Trans>Duration</Trans>,
              cell: (row) => formatDuration(row.duration_seconds),
              numeric: true,
            },
            {
              key: 'source',
              header: <Trans>Source</Trans>,
              cell: (row) => i18n._(SOURCE_LABELS[row.source_type]),
            },
            {
              key: 'tasks',
              header: <Trans>Tasks</Trans>,
              cell: (row) => (
                <Group gap={4}>
                  {row.tasks.map((task) => (
                    <Badge key={task.id} variant="light">
                      {task.name}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              key: 'logs',
              header: <Trans>Logs</Trans>,
              cell: (row) => row.ids.length,
              numeric: true,
            },
            {
              key: 'status',
              header: <Trans>Status</Trans>,
              cell: (row) => <StatusBadge status={row.status} />,
            },
            {
              key: 'comments',
              header: <Trans>Comments</Trans>,
              cell: (row) => row.comments.filter(Boolean).join(' · '),
            },
          ]}
        />
      )}
    </PagedList>
  )
}
