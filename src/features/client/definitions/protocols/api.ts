import {
  type ProtocolServingType,
  TaskProtocolEntitySchema,
} from '../../../../../contract/client-definitions'
import { api } from '../../../../api/client'

type ProtocolWrite = {
  name: string
  client_group?: number
  serving_type: ProtocolServingType
  content: string
  show_changes_days: number
  /** The PDF of a PDF protocol; a new one replaces the stored one. */
  file: File | null
}

/**
 * A protocol write: JSON for text, a multipart form (the same fields plus `file`) when a PDF is
 * sent. The browser sets the multipart boundary itself.
 */
function body({ file, ...fields }: ProtocolWrite): FormData | Omit<ProtocolWrite, 'file'> {
  if (!file) return fields
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, String(value))
  }
  form.append('file', file, file.name)
  return form
}

export const createProtocol = (write: ProtocolWrite) =>
  api('client/task-protocols/', {
    method: 'POST',
    body: body(write),
    schema: TaskProtocolEntitySchema,
  })

/** Answers the version holding the edit: the same one, or the next when tasks use this one. */
export const patchProtocol = (id: number, write: ProtocolWrite) =>
  api(`client/task-protocols/${id}/`, {
    method: 'PATCH',
    body: body(write),
    schema: TaskProtocolEntitySchema,
  })

export const deleteProtocol = (id: number) =>
  api(`client/task-protocols/${id}/`, { method: 'DELETE' })
