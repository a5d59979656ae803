import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Tabs } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Task } from '../../../../../contract/client-tasks'
import { taskTypeQuery } from '../../queries/definitions'
import { taskQuery } from '../../queries/tasks'
import { ExportSection } from '../export/ExportSection'
import { LoadFailed, Loading } from '../QueryStates'
import { ProcessingStatus } from '../upload/ProcessingStatus'
import { StatusActions } from './StatusActions'
import { TaskActions } from './TaskActions'
import { TaskCounters } from './TaskCounters'
import { TaskEditForm } from './TaskEditForm'
import { TaskHeader } from './TaskHeader'
import { TaskStatsSection } from './TaskStatsSection'

export const PANEL_TABS = ['summary', 'statistics', 'edit', 'export'] as const
export type PanelTab = (typeof PANEL_TABS)[number]

type TaskPanelPageProps = {
  taskId: number
  tab: PanelTab
  onTabChange: (tab: PanelTab) => void
}

/** The task panel: header and actions, then counters, statistics, settings and export. */
export function TaskPanelPage({ taskId, tab, onTabChange }: TaskPanelPageProps) {
  const { t } = useLingui()
  const task = useQuery(taskQuery(taskId))
  if (task.isPending) return <Loading label={t`Loading the task…`} />
  if (task.isError) {
    return <LoadFailed error={task.error} title={<Trans>The task could not be loaded.</Trans>} />
  }
  return (
    <Stack gap="lg">
      <TaskHeader task={task.data} />
      <Group justify="space-between">
        <StatusActions task={task.data} />
        <TaskActions task={task.data} />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => value && onTabChange(value as PanelTab)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="summary">
            <Trans>Summary</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="statistics">
            <Trans>Statistics</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="edit">
            <Trans>Settings</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="export">
            <Trans>Export</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="summary" pt="md">
          <Stack gap="lg">
            {task.data.status === 'PROCESSING' && <ProcessingStatus taskId={taskId} />}
            <TaskCounters task={task.data} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md">
          <TaskStatsSection taskId={taskId} />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          <EditTab task={task.data} />
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="md">
          <ExportSection task={task.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/** The project choices are the task type's projects. */
function EditTab({ task }: { task: Task }) {
  const { t } = useLingui()
  const taskType = useQuery(taskTypeQuery(task.task_type.id))
  if (taskType.isPending) return <Loading label={t`Loading the task type…`} />
  if (taskType.isError) {
    return (
      <LoadFailed
        error={taskType.error}
        title={<Trans>The task type could not be loaded.</Trans>}
      />
    )
  }
  return <TaskEditForm task={task} projects={taskType.data.projects} />
}
