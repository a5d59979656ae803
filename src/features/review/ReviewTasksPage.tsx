import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ReviewTask } from '../../../contract/review'
import { type DataColumn, DataTable } from '../../ui/DataTable'
import { RouterAnchor } from '../../ui/links'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { ClientGroupBadge } from '../client/client-group-badge'
import { formatMoment } from './format'
import { type ReviewTaskFilters, reviewTasksQuery } from './queries'
import { ReviewerStatsBar } from './ReviewerStatsBar'
import { TaskFilters } from './ReviewTaskFilters'

/**
 * The spec's `reviewer_review_tasks` ('Available Review Items'), and with `reviewed` the
 * `reviewer_reviewed_tasks`: tasks with work to review or already reviewed, with their counts.
 */
export function ReviewTasksPage({ reviewed = false }: { reviewed?: boolean }) {
  const { t } = useLingui()
  const [filters, setFilters] = useState<ReviewTaskFilters>({})
  const query = reviewed
    ? { ...filters, reviewed_count__gt: 0, ordering: '-latest_reviewed' }
    : filters
  const tasks = useQuery({ ...reviewTasksQuery(query), placeholderData: keepPreviousData })
  const link = (task: ReviewTask) => (
    <RouterAnchor
      to={reviewed ? '/review/reviewed/$taskId' : '/review/perform/$taskId'}
      params={{ taskId: task.id }}
    >
      {task.description || t`Task #${task.id}`}
    </RouterAnchor>
  )

  const pendingCountColumns: DataColumn<ReviewTask>[] = [
    { key: 'pending', header: t`Pending`, numeric: true, cell: (task) => task.pending_count },
    {
      key: 'available',
      header: t`Available`,
      numeric: true,
      cell: (task) => task.available_count,
    },
    { key: 'locked', header: t`Locked`, numeric: true, cell: (task) => task.locked_count },
  ]
  const reviewedCountColumn: DataColumn<ReviewTask> = {
    key: 'reviewed',
    header: t`Reviewed`,
    numeric: true,
    cell: (task) => task.reviewed_count,
  }
  const countColumns = reviewed
    ? [reviewedCountColumn, ...pendingCountColumns]
    : [...pendingCountColumns, reviewedCountColumn]

  let content = <Loading label={t`Loading the tasks…`} />
  if (tasks.isError) {
    content = (
      <LoadFailed error={tasks.error} title={<Trans>The tasks could not be loaded.</Trans>} />
    )
  } else if (tasks.data && tasks.data.results.length === 0) {
    content = reviewed ? (
      <Empty title={<Trans>You have not reviewed anything here yet.</Trans>} />
    ) : (
      <Empty title={<Trans>There is nothing for you to review here.</Trans>} />
    )
  } else if (tasks.data) {
    content = (
      <DataTable
        label={reviewed ? t`Reviewed tasks` : t`Tasks to review`}
        rows={tasks.data.results}
        rowKey={(task) => task.id}
        minWidth={900}
        busy={tasks.isFetching}
        // The counts a reviewer chooses a task by come first (the reviewed count on the reviewed
        // list): on a tablet or a phone they show without scrolling the table sideways.
        columns={[
          { key: 'task', header: t`Task`, cell: link, rowHeader: true },
          ...countColumns,
          {
            key: 'type',
            header: t`Task type`,
            cell: (task) => (
              <>
                <ClientGroupBadge group={task.task_type.client_group} mr="xs" />
                {task.task_type.name}
              </>
            ),
          },
          {
            key: 'languages',
            header: t`Languages`,
            cell: (task) => `${task.languages.base.name} → ${task.languages.target.name}`,
          },
          {
            key: 'protocol',
            header: t`Protocol`,
            cell: (task) => `${task.protocol.name} v${task.protocol.version}`,
          },
          {
            key: 'oldest',
            header: t`Oldest pending`,
            cell: (task) => formatMoment(task.oldest_pending_timestamp),
          },
          {
            key: 'latest',
            header: t`Latest reviewed`,
            cell: (task) => formatMoment(task.latest_reviewed_timestamp),
          },
        ]}
      />
    )
  }

  return (
    <Stack gap="md">
      <TitleBar
        level="page"
        title={reviewed ? <Trans>Reviewed Items</Trans> : <Trans>Available Review Items</Trans>}
      />
      <ReviewerStatsBar />
      <TaskFilters value={filters} onChange={setFilters} />
      {content}
    </Stack>
  )
}
