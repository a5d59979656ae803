import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { notifySuccess } from '../../../../ui/notify'
import { definitionKeys, taskTypeQuery } from '../../queries/definitions'
import { QueryView } from '../shared/QueryView'
import { TaskTypeForm } from './form/TaskTypeForm'
import { TaskTypeHeader } from './TaskTypeHeader'

/** task-types/{taskTypeId}/settings */
export function TaskTypeSettingsPage({ id }: { id: number }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const query = useQuery(taskTypeQuery(id))
  return (
    <QueryView query={query} loadingLabel={t`Loading the task type`}>
      {(taskType) => (
        <Stack gap="lg">
          <TaskTypeHeader taskType={taskType} title={<Trans>Task type settings</Trans>} />
          <TaskTypeForm
            key={taskType.id}
            existing={taskType}
            onSaved={(saved) => {
              queryClient.setQueryData(definitionKeys.detail('task-types', saved.id), saved)
              void queryClient.invalidateQueries({ queryKey: definitionKeys.kind('task-types') })
              notifySuccess()
            }}
          />
        </Stack>
      )}
    </QueryView>
  )
}
