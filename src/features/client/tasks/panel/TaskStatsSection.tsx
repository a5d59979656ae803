import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { TaskStats } from '../../../../../contract/client-tasks'
import { type DataColumn, DataTable } from '../../../../ui/DataTable'
import { Empty, QueryContent } from '../../../../ui/QueryStates'
import { taskStatsQuery } from '../../queries/tasks'
import { StatCards } from '../StatCards'
import { workColumns } from '../work-columns'
import { AnnotationsHistogram } from './AnnotationsHistogram'

type TaskWorker = TaskStats['endworker_stats'][number]

/** The task's stats call: totals, the per-worker table and the annotations histogram. */
export function TaskStatsSection({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const stats = useQuery(taskStatsQuery(taskId))
  return (
    <QueryContent
      query={stats}
      loadingLabel={t`Loading the statistics…`}
      failedTitle={<Trans>The statistics could not be loaded.</Trans>}
    >
      {(data) => (
        <Stack gap="lg">
          <StatCards
            cols={{ base: 2, sm: 3, lg: 5 }}
            padding="sm"
            stats={[
              [t`Items`, data.total_items],
              [t`Done items`, data.done_items],
              [t`Annotations`, data.total_annotations],
              [t`Workers involved`, data.endworkers_involved],
              [t`Available workers`, data.available_endworkers],
            ]}
          />
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
      )}
    </QueryContent>
  )
}

function WorkerTable({ workers }: { workers: TaskWorker[] }) {
  const { t } = useLingui()
  if (workers.length === 0)
    return <Empty title={<Trans>Nobody has worked on this task yet.</Trans>} />
  const columns: DataColumn<TaskWorker>[] = [
    {
      key: 'username',
      header: <Trans>Username</Trans>,
      cell: (worker) => (
        <>
          {worker.username}{' '}
          {worker.is_staff && (
            <Badge size="xs" color="grape" variant="light">
              <Trans>Staff</Trans>
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'done',
      header: <Trans>Annotations done</Trans>,
      cell: (worker) => worker.annotations_done,
      numeric: true,
    },
    {
      key: 'failed',
      header: <Trans>Failed</Trans>,
      cell: (worker) => worker.annotations_failed,
      numeric: true,
    },
    ...workColumns<TaskWorker>({ numeric: true }),
  ]
  return (
    <DataTable
      label={t`Workers of the task`}
      columns={columns}
      rows={workers}
      rowKey={(worker) => worker.id}
      minWidth={640}
      striped
      highlightOnHover
    />
  )
}
