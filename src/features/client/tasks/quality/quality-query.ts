import { queryOptions } from '@tanstack/react-query'
import { TaskQualitySchema } from '../../../../../contract/quality'
import { api } from '../../../../api/client'
import { clientTaskKeys } from '../../queries/tasks'

/** The task's quality answer; under the task's key, so whatever refreshes the task refreshes it. */
export const taskQualityQuery = (id: number) =>
  queryOptions({
    queryKey: [...clientTaskKeys.task(id), 'quality'] as const,
    queryFn: ({ signal }) =>
      api(`client/tasks/${id}/quality/`, { schema: TaskQualitySchema, signal }),
  })
