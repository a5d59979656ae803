import { type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  type WorkerItemSet,
  WorkerItemSetSchema,
  WorkerTaskListSchema,
} from '../../../contract/worker'
import { api } from '../../api/client'
import { itemSetQuery } from '../annotate/queries'
import { storeItemSetView } from '../annotate/stored'

export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
}

/** The tasks the worker may work on. Counts move all the time: fetched again on every visit. */
export const workerTasksQuery = () =>
  queryOptions({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) => api('endworker/tasks/', { schema: WorkerTaskListSchema, signal }),
    staleTime: 0,
  })

/**
 * Takes work from a task: the worker's open set of it, or a new one locked to them. The set is
 * kept on the device at once. Refusals (403 unread protocol, 404, 409) are the caller's to explain.
 */
export async function takeWork(queryClient: QueryClient, taskId: number): Promise<WorkerItemSet> {
  const view = await api(`endworker/tasks/${taskId}/item-sets/`, {
    method: 'POST',
    schema: WorkerItemSetSchema,
    handledStatuses: [403, 404, 409],
  })
  queryClient.setQueryData(itemSetQuery(view.id).queryKey, view)
  await storeItemSetView(view)
  void queryClient.invalidateQueries({ queryKey: taskKeys.list() })
  return view
}
