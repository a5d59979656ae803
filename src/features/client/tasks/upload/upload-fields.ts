import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import dayjs from 'dayjs'
import { TASK_UPLOAD_EXTENSIONS, TASK_UPLOAD_MAX_BYTES } from '../../../../../contract/task-intake'
import { fromPairs, type KeyValuePair } from '../../../../ui/KeyValueEditor'

export type UploadValues = {
  file: File | null
  base_language: string | null
  target_language: string | null
  settle_target_lang: boolean
  description: string
  metadata: KeyValuePair[]
  project: string | null
  deadline: string
  start_task: boolean
}

export type UploadField = keyof UploadValues

/** What the spec requires of an upload and what the server would refuse anyway (size, type). */
export function checkUpload(values: UploadValues): Partial<Record<UploadField, MessageDescriptor>> {
  const problems: Partial<Record<UploadField, MessageDescriptor>> = {}
  const { file } = values
  if (!file) problems.file = msg`Choose a data file.`
  else if (!TASK_UPLOAD_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension)))
    problems.file = msg`Use a .jsonl, .ndjson, .csv, .json or .zip file.`
  else if (file.size > TASK_UPLOAD_MAX_BYTES) problems.file = msg`The file is larger than 2 GB.`
  if (!values.base_language) problems.base_language = msg`Choose the base language.`
  if (!values.target_language) problems.target_language = msg`Choose the target language.`
  return problems
}

/** The multipart body: text fields as the contract reads them (empty ones are left out). */
export function uploadForm(taskTypeId: number, values: UploadValues): FormData {
  const form = new FormData()
  const metadata = fromPairs(values.metadata)
  const fields: Record<string, string> = {
    task_type: String(taskTypeId),
    base_language: values.base_language ?? '',
    target_language: values.target_language ?? '',
    settle_target_lang: String(values.settle_target_lang),
    description: values.description.trim(),
    metadata: Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : '',
    project: values.project ?? '',
    deadline: values.deadline ? dayjs(values.deadline).toISOString() : '',
    start_task: String(values.start_task),
  }
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value)
  if (values.file) form.append('file', values.file)
  return form
}
