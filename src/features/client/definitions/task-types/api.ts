import {
  type TaskTypeCreate,
  TaskTypeEntitySchema,
  type TaskTypePatch,
} from '../../../../../contract/client-definitions'
import { api } from '../../../../api/client'

export const createTaskType = (payload: TaskTypeCreate) =>
  api('client/task-types/', { method: 'POST', body: payload, schema: TaskTypeEntitySchema })

export const patchTaskType = (id: number, patch: TaskTypePatch) =>
  api(`client/task-types/${id}/`, { method: 'PATCH', body: patch, schema: TaskTypeEntitySchema })

export const deleteTaskType = (id: number) => api(`client/task-types/${id}/`, { method: 'DELETE' })
