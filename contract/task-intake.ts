import * as v from 'valibot'
import { IdParamSchema, IdSchema } from './common'
import { textFlag, textMoment } from './query'

/**
 * Data intake: POST /api/client/tasks/ (multipart) makes a task from a data file, and
 * GET /api/client/tasks/{id}/processing/ reports the import that follows.
 */

/** Larger uploads answer 413; the upload screen checks it before sending. */
export const TASK_UPLOAD_MAX_BYTES = 2 * 1024 ** 3

/**
 * JSON Lines, CSV (header row = field names), a JSON array of objects, or a ZIP holding one such
 * file plus the audio and image files its items name by relative path.
 */
export const TASK_UPLOAD_EXTENSIONS = ['.jsonl', '.ndjson', '.csv', '.json', '.zip'] as const

/** A 400 lists at most this many problems of the file, each with its line, row or item number. */
export const TASK_UPLOAD_PROBLEMS_SHOWN = 20

/**
 * An item key (or CSV column) besides the schema's item fields: the client's own id of the row,
 * stored apart from the item data and exported back with the results.
 */
export const ITEM_DATA_ID_KEY = 'data_id'

export const TASK_STATUSES = [
  'CREATED',
  'PROCESSING',
  'IN_PROGRESS',
  'PAUSED',
  'FINISHED',
  'ARCHIVED',
] as const
export const TaskStatusSchema = v.picklist(TASK_STATUSES)
export type TaskStatus = v.InferOutput<typeof TaskStatusSchema>

const required = 'This field is required.'

const idField = v.pipe(v.string(required), IdParamSchema)

const isStringMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string')

const metadataField = v.pipe(
  v.string(),
  v.parseJson(undefined, 'must be a JSON object of strings'),
  v.check(isStringMap, 'must be a JSON object of strings'),
  v.transform((value) => value as Record<string, string>),
)

/**
 * The multipart text fields, which all arrive as strings; the server treats an empty field as an
 * absent one. The file goes in the part named `file`.
 */
export const TaskUploadFieldsSchema = v.object(
  {
    task_type: idField,
    base_language: idField,
    target_language: idField,
    settle_target_lang: v.pipe(v.string(required), textFlag),
    description: v.optional(v.string(), ''),
    metadata: v.optional(metadataField),
    project: v.optional(idField),
    deadline: v.optional(textMoment),
    start_task: v.optional(textFlag, 'false'),
  },
  // valibot words a missing key with the object's message.
  required,
)
export type TaskUploadFields = v.InferOutput<typeof TaskUploadFieldsSchema>

/**
 * 201 to a valid upload. With background jobs the task is PROCESSING until its items are in;
 * without them the import ran before the answer, so the task is CREATED or IN_PROGRESS.
 */
export const TaskUploadResultSchema = v.object({
  id: IdSchema,
  status: TaskStatusSchema,
  items_count: v.number(),
})
export type TaskUploadResult = v.InferOutput<typeof TaskUploadResultSchema>

/** The import of an uploaded file; poll it while status is PROCESSING. */
export const TaskProcessingSchema = v.object({
  status: TaskStatusSchema,
  processed_items: v.number(),
  total_items: v.number(),
  /** Why the import failed; the task then stays PROCESSING without items. */
  error: v.nullable(v.string()),
})
export type TaskProcessing = v.InferOutput<typeof TaskProcessingSchema>

/**
 * The spec's upload time estimate: elapsed time times (100 minus percent) divided by percent.
 * Null until some progress is made.
 */
export function uploadTimeLeftMs(elapsedMs: number, percent: number): number | null {
  if (percent <= 0) return null
  return (elapsedMs * (100 - percent)) / percent
}
