import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { Task } from '../../../../../contract/client-tasks'
import { Loading, QueryContent } from '../../../../ui/QueryStates'
import { UrlTabs } from '../../../../ui/UrlTabs'
import { taskTypeQuery } from '../../queries/definitions'
import { taskQuery } from '../../queries/tasks'
import { ExportSection } from '../export/ExportSection'
import { ProcessingStatus } from '../upload/ProcessingStatus'
import { StatusActions } from './StatusActions'
import { TaskActions } from './TaskActions'
import { TaskCounters } from './TaskCounters'
import { TaskEditForm } from './TaskEditForm'
import { TaskHeader } from './TaskHeader'
import { TaskStatsSection } from './TaskStatsSection'
import type { PanelTab } from './tabs'
import { WorkerVisibilityNotice } from './WorkerVisibility'

const QualitySection = lazy(() => import('../quality/QualitySection'))

type TaskPanelPageProps = {
  taskId: number
  tab: PanelTab
  onTabChange: (tab: PanelTab) => void
}

/** The task panel: header and actions, then counters, statistics, quality, settings and export. */
export function TaskPanelPage({ taskId, tab, onTabChange }: TaskPanelPageProps) {
  const { t } = useLingui()
  const query = useQuery(taskQuery(taskId))
  return (
    <QueryContent
      query={query}
      loadingLabel={t`Loading the task…`}
      failedTitle={<Trans>The task could not be loaded.</Trans>}
    >
      {(task) => (
        <Stack gap="lg">
          <TaskHeader task={task} />
          <WorkerVisibilityNotice task={task} />
          <Group justify="space-between">
            <StatusActions task={task} />
            <TaskActions task={task} />
          </Group>
          <UrlTabs<PanelTab>
            value={tab}
            onChange={onTabChange}
            keepMounted={false}
            tabs={[
              {
                value: 'summary',
                label: <Trans>Summary</Trans>,
                panel: (
                  <Stack gap="lg">
                    {task.status === 'PROCESSING' && <ProcessingStatus taskId={taskId} />}
                    <TaskCounters task={task} />
                  </Stack>
                ),
              },
              {
                value: 'statistics',
                label: <Trans>Statistics</Trans>,
                panel: <TaskStatsSection taskId={taskId} />,
              },
              {
                value: 'quality',
                label: <Trans>Quality</Trans>,
                panel: (
                  <Suspense fallback={<Loading label={t`Loading the quality figures…`} />}>
                    <QualitySection taskId={taskId} />
                  </Suspense>
                ),
              },
              { value: 'edit', label: <Trans>Settings</Trans>, panel: <EditTab task={task} /> },
              {
                value: 'export',
                label: <Trans>Export</Trans>,
                panel: <ExportSection task={task} />,
              },
            ]}
          />
        </Stack>
      )}
    </QueryContent>
  )
}

/** The project choices are the task type's projects. */
function EditTab({ task }: { task: Task }) {
  const { t } = useLingui()
  const taskType = useQuery(taskTypeQuery(task.task_type.id))
  return (
    <QueryContent
      query={taskType}
      loadingLabel={t`Loading the task type…`}
      failedTitle={<Trans>The task type could not be loaded.</Trans>}
    >
      {(type) => <TaskEditForm task={task} projects={type.projects} />}
    </QueryContent>
  )
}
