import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterAnchor } from '../../ui/links'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { ClientGroupBadge } from '../client/client-group-badge'
import { formatMoment } from '../review/format'
import type { ReviewTaskFilters } from '../review/queries'
import { TaskFilters } from '../review/ReviewTaskFilters'
import { FeedbackStatsCards } from './FeedbackStatsCards'
import { feedbackTaskOptionsQuery, feedbackTasksQuery } from './queries'

/** The spec's `feedback`: the worker's figures and the tasks with feedback for them. */
export function FeedbackPage() {
  const { t } = useLingui()
  const [filters, setFilters] = useState<ReviewTaskFilters>({})
  const tasks = useQuery({ ...feedbackTasksQuery(filters), placeholderData: keepPreviousData })
  const options = useQuery(feedbackTaskOptionsQuery())

  let content = <Loading label={t`Loading your feedback…`} />
  if (tasks.isError) {
    content = (
      <LoadFailed error={tasks.error} title={<Trans>Your feedback could not be loaded.</Trans>} />
    )
  } else if (tasks.data?.results.length === 0) {
    content = <Empty title={<Trans>There is no feedback available.</Trans>} />
  } else if (tasks.data) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {tasks.data.results.map((task) => {
          const count = task.reviewed_count
          const latest = formatMoment(task.latest_reviewed_timestamp)
          return (
            <Paper
              key={task.id}
              withBorder
              p="md"
              component="article"
              aria-label={task.description}
            >
              <Stack gap={6}>
                <RouterAnchor to="/feedback/$taskId" params={{ taskId: task.id }} fw={600}>
                  {task.description || t`Task #${task.id}`}
                </RouterAnchor>
                <Group gap={6}>
                  <ClientGroupBadge group={task.task_type.client_group} />
                  <Text size="sm">{task.task_type.name}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {task.protocol.name} v{task.protocol.version} · {task.languages.base.name} →{' '}
                  {task.languages.target.name}
                </Text>
                <Group gap={6}>
                  <Badge variant="light">
                    <Trans>{count} reviewed</Trans>
                  </Badge>
                  <Text size="xs" c="dimmed">
                    <Trans>Latest review {latest}</Trans>
                  </Text>
                </Group>
              </Stack>
            </Paper>
          )
        })}
      </SimpleGrid>
    )
  }

  return (
    <Stack gap="md">
      <TitleBar level="page" title={<Trans>Feedback</Trans>} />
      <FeedbackStatsCards />
      {options.data && <TaskFilters value={filters} onChange={setFilters} options={options.data} />}
      {content}
    </Stack>
  )
}
