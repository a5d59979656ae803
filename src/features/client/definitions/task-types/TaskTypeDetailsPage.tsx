import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { IconChartBar, IconSettings, IconUpload } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { RouterButton } from '../../../../ui/links'
import { taskTypeQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { TaskTypeFacts } from './TaskTypeFacts'
import { TaskTypeHeader } from './TaskTypeHeader'
import { TaskTypeLanguages } from './TaskTypeLanguages'

/** task-types/{taskTypeId}: the settings at a glance, its languages, and where to go next. */
export function TaskTypeDetailsPage({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(taskTypeQuery(id))
  const params = { taskTypeId: String(id) }
  return (
    <QueryView query={query} loadingLabel={t`Loading the task type`}>
      {(taskType) => (
        <Stack gap="lg">
          <TaskTypeHeader
            taskType={taskType}
            title={<Trans>Task type</Trans>}
            actions={
              <>
                <RouterButton
                  to="/client/tasks-definitions/task-types/$taskTypeId/upload"
                  params={params}
                  leftSection={<IconUpload size={16} aria-hidden />}
                >
                  <Trans>Upload data</Trans>
                </RouterButton>
                <RouterButton
                  to="/client/tasks-definitions/task-types/$taskTypeId/statistics"
                  params={params}
                  variant="light"
                  leftSection={<IconChartBar size={16} aria-hidden />}
                >
                  <Trans>Statistics</Trans>
                </RouterButton>
                <RouterButton
                  to="/client/tasks-definitions/task-types/$taskTypeId/settings"
                  params={params}
                  variant="light"
                  leftSection={<IconSettings size={16} aria-hidden />}
                >
                  <Trans>Settings</Trans>
                </RouterButton>
              </>
            }
          />
          <TaskTypeFacts taskType={taskType} />
          <TaskTypeLanguages id={taskType.id} />
        </Stack>
      )}
    </QueryView>
  )
}
