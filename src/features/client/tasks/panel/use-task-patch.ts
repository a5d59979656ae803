import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Task, TaskPatch } from '../../../../../contract/client-tasks'
import { clientTaskKeys, patchTask, taskQuery } from '../../queries/tasks'

/**
 * Keeps a task the server answered with: its panel shows it at once, and lists are refetched
 * since the change may move the task between them (archiving) or change its row.
 */
export function useStoreTask() {
  const queryClient = useQueryClient()
  return (task: Task) => {
    queryClient.setQueryData(taskQuery(task.id).queryKey, task)
    void queryClient.invalidateQueries({ queryKey: clientTaskKeys.lists() })
  }
}

export function useTaskPatch(taskId: number) {
  const storeTask = useStoreTask()
  return useMutation({
    mutationFn: (patch: TaskPatch) => patchTask(taskId, patch),
    onSuccess: storeTask,
  })
}
