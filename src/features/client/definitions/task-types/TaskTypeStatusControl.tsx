import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  TASK_TYPE_STATUS_TRANSITIONS,
  type TaskTypeEntity,
  type TaskTypeStatus,
} from '../../../../../contract/client-definitions'
import { notifySuccess } from '../../../../ui/notify'
import { definitionKeys } from '../../queries/definitions'
import { clientTaskKeys } from '../../queries/tasks'
import { notifyFailure } from '../../tasks/errors'
import { patchTaskType } from './api'
import { TaskTypeStatusBadge } from './TaskTypeBadges'

/**
 * The type's status and a button for each status it may move to, one click each; while it is not
 * Active, the reminder that workers see none of its tasks.
 */
export function TaskTypeStatusControl({ taskType }: { taskType: TaskTypeEntity }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (status: TaskTypeStatus) => patchTaskType(taskType.id, { status }),
    onSuccess: (saved) => {
      queryClient.setQueryData(definitionKeys.detail('task-types', saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: definitionKeys.kind('task-types') })
      // Tasks show their type's status and count the workers who see them.
      void queryClient.invalidateQueries({ queryKey: clientTaskKeys.all })
      notifySuccess({ message: t`Status changed.` })
    },
    onError: (error) => notifyFailure(t`The status could not be changed.`, error),
  })
  const labels: Record<TaskTypeStatus, string> = {
    CREATED: t`Created`,
    DRAFT: t`Move to draft`,
    ACTIVE: t`Activate`,
  }
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" role="group" aria-label={t`Task type status`}>
        <TaskTypeStatusBadge status={taskType.status} />
        {TASK_TYPE_STATUS_TRANSITIONS[taskType.status].map((status) => (
          <Button
            key={status}
            size="xs"
            variant={status === 'ACTIVE' ? 'filled' : 'light'}
            loading={change.isPending && change.variables === status}
            disabled={change.isPending}
            onClick={() => change.mutate(status)}
          >
            {labels[status]}
          </Button>
        ))}
      </Group>
      {taskType.status !== 'ACTIVE' && (
        <Text size="xs" c="orange.8" maw={320} ta="right">
          <Trans>Workers see none of its tasks, even started ones, until it is Active.</Trans>
        </Text>
      )}
    </Stack>
  )
}
