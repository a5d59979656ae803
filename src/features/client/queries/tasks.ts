import { queryOptions } from '@tanstack/react-query'
import {
  AnnotationPageSchema,
  ClientStatsSchema,
  type DumpRequest,
  DumpSchema,
  FakeTaskSchema,
  type GoldExpected,
  GoldItemSchema,
  LatestDumpSchema,
  TaskBulkDeleteResultSchema,
  type TaskBulkUpdate,
  TaskBulkUpdateResultSchema,
  TaskPageSchema,
  type TaskPatch,
  TaskSchema,
  TaskStatsSchema,
} from '../../../../contract/client-tasks'
import { TaskProcessingSchema } from '../../../../contract/task-intake'
import { api, type RequestOptions } from '../../../api/client'

/** Query strings as the API client sends them (empty values are left out). */
export type ApiQuery = NonNullable<RequestOptions<unknown>['query']>

/** Query keys of the client's tasks: lists, one task and everything shown in its panel. */
export const clientTaskKeys = {
  all: ['client', 'tasks'] as const,
  lists: () => [...clientTaskKeys.all, 'list'] as const,
  list: (query: ApiQuery) => [...clientTaskKeys.lists(), query] as const,
  overview: (clientGroup: number | null) => ['client', 'stats', clientGroup] as const,
  task: (id: number) => [...clientTaskKeys.all, id] as const,
  stats: (id: number) => [...clientTaskKeys.task(id), 'stats'] as const,
  dump: (id: number) => [...clientTaskKeys.task(id), 'dump'] as const,
  processing: (id: number) => [...clientTaskKeys.task(id), 'processing'] as const,
  fake: (id: number, offset: number) => [...clientTaskKeys.task(id), 'fake', offset] as const,
  annotations: (id: number, query: ApiQuery) =>
    [...clientTaskKeys.task(id), 'annotations', query] as const,
}

/**
 * A 400 of a list names the filters that were wrong (status with excluded_status...); the page
 * shows it in place, so the global handlers stay quiet.
 */
const LIST_STATUSES = [400]
/** Edits answer 400 per field and 409 for a task still reading its upload: the form says why. */
const EDIT_STATUSES = [400, 409]

export const taskListQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: clientTaskKeys.list(query),
    queryFn: ({ signal }) =>
      api('client/tasks/', {
        query,
        schema: TaskPageSchema,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

export const clientStatsQuery = (clientGroup: number | null) =>
  queryOptions({
    queryKey: clientTaskKeys.overview(clientGroup),
    queryFn: ({ signal }) =>
      api('client/stats', {
        query: { client_group: clientGroup },
        schema: ClientStatsSchema,
        signal,
      }),
  })

export const taskQuery = (id: number) =>
  queryOptions({
    queryKey: clientTaskKeys.task(id),
    queryFn: ({ signal }) => api(`client/tasks/${id}/`, { schema: TaskSchema, signal }),
  })

export const taskStatsQuery = (id: number) =>
  queryOptions({
    queryKey: clientTaskKeys.stats(id),
    queryFn: ({ signal }) => api(`client/tasks/${id}/stats/`, { schema: TaskStatsSchema, signal }),
  })

/** The latest export of a task, or null before the first one. */
export const dumpQuery = (id: number) =>
  queryOptions({
    queryKey: clientTaskKeys.dump(id),
    queryFn: ({ signal }) =>
      api(`client/tasks/${id}/dump_async/`, { schema: LatestDumpSchema, signal }),
    staleTime: 0,
  })

export const processingQuery = (id: number) =>
  queryOptions({
    queryKey: clientTaskKeys.processing(id),
    queryFn: ({ signal }) =>
      api(`client/tasks/${id}/processing/`, { schema: TaskProcessingSchema, signal }),
    staleTime: 0,
  })

export const fakeTaskQuery = (id: number, offset: number) =>
  queryOptions({
    queryKey: clientTaskKeys.fake(id, offset),
    queryFn: ({ signal }) =>
      api(`client/fake-tasks/${id}/`, { query: { offset }, schema: FakeTaskSchema, signal }),
  })

export const annotationsQuery = (id: number, query: ApiQuery) =>
  queryOptions({
    queryKey: clientTaskKeys.annotations(id, query),
    queryFn: ({ signal }) =>
      api(`client/tasks/${id}/annotations/`, {
        query,
        schema: AnnotationPageSchema,
        signal,
        handledStatuses: LIST_STATUSES,
      }),
    placeholderData: (previous) => previous,
  })

export const patchTask = (id: number, patch: TaskPatch) =>
  api(`client/tasks/${id}/`, {
    method: 'PATCH',
    body: patch,
    schema: TaskSchema,
    handledStatuses: EDIT_STATUSES,
  })

export const deleteTask = (id: number) =>
  api(`client/tasks/${id}/`, { method: 'DELETE', handledStatuses: EDIT_STATUSES })

export const cloneTask = (id: number) =>
  api(`client/tasks/${id}/clone/`, {
    method: 'POST',
    schema: TaskSchema,
    handledStatuses: EDIT_STATUSES,
  })

export const bulkUpdateTasks = (payload: TaskBulkUpdate) =>
  api('client/tasks/bulk_update/', {
    method: 'PATCH',
    body: payload,
    schema: TaskBulkUpdateResultSchema,
  })

export const bulkDeleteTasks = (ids: number[]) =>
  api('client/tasks/bulk_delete/', {
    method: 'DELETE',
    body: { ids },
    schema: TaskBulkDeleteResultSchema,
  })

export const startDump = (id: number, request: DumpRequest) =>
  api(`client/tasks/${id}/dump_async/`, {
    method: 'POST',
    body: request,
    schema: DumpSchema,
    handledStatuses: EDIT_STATUSES,
  })

/** Makes the task's item a gold item with this expected answer (or replaces its answer). */
export const setGoldAnswer = (taskId: number, itemId: number, expected: GoldExpected) =>
  api(`client/tasks/${taskId}/items/${itemId}/gold/`, {
    method: 'PUT',
    body: { expected },
    schema: GoldItemSchema,
    handledStatuses: [400],
  })

/** Makes a gold item of the task an ordinary item again. */
export const removeGoldAnswer = (taskId: number, itemId: number) =>
  api(`client/tasks/${taskId}/items/${itemId}/gold/`, { method: 'DELETE' })

export const deleteDump = (id: number) =>
  api(`client/tasks/${id}/dump_async/`, { method: 'DELETE', handledStatuses: [404] })

export const downloadDumpFile = (id: number) =>
  api<Blob>(`client/tasks/${id}/dump_async/file/`, { responseType: 'blob' })
