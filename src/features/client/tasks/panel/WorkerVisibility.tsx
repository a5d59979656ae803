import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group } from '@mantine/core'
import { IconEyeOff } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TaskTypeStatus } from '../../../../../contract/client-definitions'
import type { Task } from '../../../../../contract/client-tasks'
import type { TaskStatus } from '../../../../../contract/task-intake'
import { RouterButton } from '../../../../ui/links'
import { notifySuccess } from '../../../../ui/notify'
import { patchTaskType } from '../../definitions/task-types/api'
import { useStatusLabels } from '../../definitions/task-types/status'
import { definitionKeys } from '../../queries/definitions'
import { clientTaskKeys, taskStatsQuery } from '../../queries/tasks'
import { notifyFailure } from '../errors'

/** Why the workers see none of a task: its task type is not active, or nobody meets its rules. */
export type VisibilityProblem =
  | { kind: 'type-not-active'; status: TaskTypeStatus }
  | { kind: 'no-available-workers' }

/** Statuses in which who sees the task matters: before and while work is handed out. */
const HANDED_OUT_STATUSES: readonly TaskStatus[] = [
  'CREATED',
  'PROCESSING',
  'IN_PROGRESS',
  'PAUSED',
]

/**
 * Whether the workers can see the task once it is in progress. The server counts the available
 * workers by the very rule that builds their task lists, so a count of 0 means nobody sees it.
 */
export function useWorkerVisibility(task: Task): VisibilityProblem | null {
  const relevant = HANDED_OUT_STATUSES.includes(task.status)
  const stats = useQuery({ ...taskStatsQuery(task.id), enabled: relevant })
  if (!relevant) return null
  if (task.task_type.status !== 'ACTIVE') {
    return { kind: 'type-not-active', status: task.task_type.status }
  }
  if (stats.data?.available_endworkers === 0) return { kind: 'no-available-workers' }
  return null
}

/** The reason in one sentence, for the panel's notice and the notice after starting the task. */
export function useVisibilityMessage() {
  const { t } = useLingui()
  const statusLabels = useStatusLabels()
  return (task: Task, problem: VisibilityProblem): string => {
    if (problem.kind === 'type-not-active') {
      const typeName = task.task_type.name
      const status = statusLabels[problem.status]
      return t`Its task type “${typeName}” is ${status}: only the tasks of an Active task type are shown to workers, even once started.`
    }
    return task.settle_target_lang
      ? t`No active end worker meets the task type's rules: a member of one of its task groups, allowed by its whitelist and blacklist, speaking the task's base and target languages.`
      : t`No active end worker meets the task type's rules: a member of one of its task groups, allowed by its whitelist and blacklist, speaking the task's base language.`
  }
}

/** Activates the task's type in one step, and refreshes what depends on it. */
function useActivateTaskType(task: Task) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => patchTaskType(task.task_type.id, { status: 'ACTIVE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: definitionKeys.kind('task-types') })
      // The task and its statistics (available workers) change with the type's status.
      void queryClient.invalidateQueries({ queryKey: clientTaskKeys.task(task.id) })
      notifySuccess({ message: t`The task type is active: its tasks are shown to workers.` })
    },
    onError: (error) => notifyFailure(t`The task type could not be activated.`, error),
  })
}

/** A warning on the task panel while workers cannot see the task, with the way to fix it. */
export function WorkerVisibilityNotice({ task }: { task: Task }) {
  const { t } = useLingui()
  const problem = useWorkerVisibility(task)
  const message = useVisibilityMessage()
  const activate = useActivateTaskType(task)
  if (!problem) return null
  return (
    <Alert
      color="orange"
      icon={<IconEyeOff aria-hidden />}
      title={t`Workers cannot see this task`}
      role="alert"
    >
      {message(task, problem)}
      <Group gap="xs" mt="sm">
        {problem.kind === 'type-not-active' && (
          <Button size="xs" loading={activate.isPending} onClick={() => activate.mutate()}>
            <Trans>Activate the task type</Trans>
          </Button>
        )}
        <RouterButton
          size="xs"
          variant="light"
          to="/client/tasks-definitions/task-types/$taskTypeId"
          params={{ taskTypeId: String(task.task_type.id) }}
        >
          <Trans>Open the task type</Trans>
        </RouterButton>
      </Group>
    </Alert>
  )
}
