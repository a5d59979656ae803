import {
  type TaskSchemaCreate,
  TaskSchemaEntitySchema,
  type TaskSchemaPatch,
} from '../../../../../contract/client-definitions'
import { api } from '../../../../api/client'

export const createSchema = (payload: TaskSchemaCreate) =>
  api('client/task-schemas/', { method: 'POST', body: payload, schema: TaskSchemaEntitySchema })

/** Answers the version holding the edit: the same one, or the next when tasks use this one. */
export const patchSchema = (id: number, patch: TaskSchemaPatch) =>
  api(`client/task-schemas/${id}/`, {
    method: 'PATCH',
    body: patch,
    schema: TaskSchemaEntitySchema,
  })

export const deleteSchema = (id: number) => api(`client/task-schemas/${id}/`, { method: 'DELETE' })
