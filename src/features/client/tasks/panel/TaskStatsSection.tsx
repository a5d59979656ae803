import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { TaskStats } from '../../../../../contract/client-tasks'
import { taskStatsQuery } from '../../queries/tasks'
import { formatDateTime, formatDuration } from '../format'
import { Empty, LoadFailed, Loading } from '../QueryStates'
import { AnnotationsHistogram } from './AnnotationsHistogram'

/** The task's stats call: totals, the per-worker table and the annotations histogram. */
export function TaskStatsSection({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const stats = useQuery(taskStatsQuery(taskId))
  if (stats.isPending) return <Loading label={t`Loading the statistics…`} />
  if (stats.isError) {
    return (
      <LoadFailed error={stats.error} title={<Trans>The statistics could not be loaded.</Trans>} />
    )
  }
  const { data } = stats
  const totals: [string, number][] = [
    [t`Items`, data.total_items],
    [t`Done items`, data.done_items],
    [t`Annotations`, data.total_annotations],
    [t`Workers involved`, data.endworkers_involved],
    [t`Available workers`, data.available_endworkers],
  ]
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {totals.map(([label, value]) => (
          <Paper key={label} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Annotations per day</Trans>
        </Title>
        <AnnotationsHistogram histogram={data.annotations_histogram} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Workers</Trans>
        </Title>
        <WorkerTable workers={data.endworker_stats} />
      </Stack>
    </Stack>
  )
}

function WorkerTable({ workers }: { workers: TaskStats['endworker_stats'] }) {
  const { t } = useLingui()
  if (workers.length === 0)
    return <Empty title={<Trans>Nobody has worked on this task yet.</Trans>} />
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t`Workers of the task`} striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Username</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Annotations done</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Failed</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Work time</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last annotation</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workers.map((worker) => (
            <Table.Tr key={worker.id}>
              <Table.Td>
                {worker.username}{' '}
                {worker.is_staff && (
                  <Badge size="xs" color="grape" variant="light">
                    <Trans>Staff</Trans>
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{worker.annotations_done}</Table.Td>
              <Table.Td ta="right">{worker.annotations_failed}</Table.Td>
              <Table.Td ta="right">{formatDuration(worker.worktime)}</Table.Td>
              <Table.Td>
                {worker.last_annotation ? formatDateTime(worker.last_annotation) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
