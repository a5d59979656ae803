import * as v from 'valibot'
import { msg } from '#lingui-message'
import { IdParamSchema, IdSchema, objectOnly } from './common'
import { english } from './english-message'
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

/** A task's description, on upload and on every edit. */
export const TASK_DESCRIPTION_MAX_CHARS = 2000
/** A task's metadata: at most this many keys, each key and each value at most so long. */
export const TASK_METADATA_MAX_KEYS = 100
export const TASK_METADATA_KEY_MAX_CHARS = 100
export const TASK_METADATA_VALUE_MAX_CHARS = 2000

// Messages with formatted numbers are made when an answer fails: a number formatter made while
// the module loads cost the app's start-up script about 13 ms (the browser sets its locale up).
export const TaskDescriptionSchema = v.pipe(
  v.string(),
  v.maxLength(TASK_DESCRIPTION_MAX_CHARS, () =>
    english(msg({ message: 'must be at most {max, number} characters' }), {
      max: TASK_DESCRIPTION_MAX_CHARS,
    }),
  ),
)

/** Task metadata: a map of strings, bounded in keys and in length. */
export const TaskMetadataSchema = v.pipe(
  objectOnly(
    v.record(
      v.pipe(
        v.string(),
        v.maxLength(
          TASK_METADATA_KEY_MAX_CHARS,
          english(msg({ message: 'keys must be at most {max} characters' }), {
            max: TASK_METADATA_KEY_MAX_CHARS,
          }),
        ),
      ),
      v.pipe(
        v.string(english(msg`values must be strings`)),
        v.maxLength(TASK_METADATA_VALUE_MAX_CHARS, () =>
          english(msg({ message: 'values must be at most {max, number} characters' }), {
            max: TASK_METADATA_VALUE_MAX_CHARS,
          }),
        ),
      ),
      english(msg`must be an object of strings`),
    ),
  ),
  v.check(
    (metadata) => Object.keys(metadata).length <= TASK_METADATA_MAX_KEYS,
    english(msg({ message: 'must have at most {max} keys' }), { max: TASK_METADATA_MAX_KEYS }),
  ),
)

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

const required = english(msg`This field is required.`)

const idField = v.pipe(v.string(required), IdParamSchema)

const metadataField = v.pipe(
  v.string(),
  v.parseJson(undefined, english(msg`must be a JSON object of strings`)),
  v.check(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    english(msg`must be a JSON object of strings`),
  ),
  // The problems of the parsed object belong to the form field, not to a path inside its text.
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = v.safeParse(TaskMetadataSchema, dataset.value)
    if (parsed.success) return parsed.output
    addIssue({ message: parsed.issues[0].message })
    return NEVER
  }),
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
    description: v.optional(TaskDescriptionSchema, ''),
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
