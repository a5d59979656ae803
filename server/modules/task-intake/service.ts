import { msg } from '#lingui-message'
import {
  TASK_UPLOAD_PROBLEMS_SHOWN,
  type TaskProcessing,
  type TaskUploadFields,
  TaskUploadFieldsSchema,
  type TaskUploadResult,
} from '../../../contract/task-intake'
import type { Db } from '../../db/client'
import { taskProtocols, taskSchemas } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { badRequest, type FieldProblems, HttpError, invalidFields } from '../../http/errors'
import { type ApiMessage, withValues } from '../../http/i18n'
import { validateRequestPart } from '../../http/valibot'
import { assertInClientScope, clientScopeOf } from '../client-groups/scope'
import { removeStoredFile } from '../media/storage'
import type { ReceivedUpload } from '../media/upload'
import { schemaDocument } from '../task-definitions/schema-queries'
import { FileProblems } from './file-problems'
import { type ImportContext, importTask } from './import'
import { type ItemRules, itemRulesOf } from './item-rules'
import type { ImportJobs } from './jobs'
import {
  audioMediaUuids,
  currentVersionId,
  existingLanguageIds,
  findTaskType,
  importedItemCount,
  insertMediaObject,
  insertTask,
  projectExists,
  taskProcessing,
  taskTypeProjectIds,
  unusableMediaUuids,
} from './queries'
import { placeOf } from './records'
import { checkedItems, openDataSource } from './source'

export type IntakeDeps = ImportContext & {
  /** Null without a job queue: the import then runs before the upload is answered. */
  importJobs: ImportJobs | null
}

/** An upload as received: its text fields, and its file already in media storage. */
const MEDIA_UUIDS_PER_QUERY = 1000

/**
 * Makes a task from an upload. The fields are checked, then every item of the file against the
 * task type's current schema; any problem answers 400 with nothing created (the received file is
 * removed). A valid upload makes the task, PROCESSING, with its import queued in the same
 * transaction, or run at once when there is no job queue.
 */
export async function createTaskFromUpload(
  deps: IntakeDeps,
  user: SessionUser,
  upload: ReceivedUpload,
): Promise<TaskUploadResult> {
  let taskMade = false
  try {
    const { fields, file } = checkFields(upload)
    const { db } = deps
    const scope = await clientScopeOf(db, user)
    const taskType = assertInClientScope(
      scope,
      await findTaskType(db, fields.task_type),
      msg`Task type not found.`,
    )
    const projectId = await checkReferences(db, fields, taskType)
    const schemaId = await currentVersionId(db, taskSchemas, taskType.schemaId)
    const protocolId = await currentVersionId(db, taskProtocols, taskType.protocolId)
    const rules = itemRulesOf(await schemaDocument(db, schemaId))
    const itemCount = await deps.media.withLocalFile(file.storageKey, (filePath) =>
      checkFile(deps, { path: filePath, name: file.fileName }, rules, taskType),
    )

    const percent = taskType.maxItemsPerUserPercent
    const taskId = await db.transaction(async (tx) => {
      const sourceFileId = await insertMediaObject(tx, {
        uuid: file.uuid,
        storageKey: file.storageKey,
        originalName: file.fileName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        creatorId: user.id,
      })
      const taskId = await insertTask(tx, {
        description: fields.description,
        status: 'PROCESSING',
        authorId: user.id,
        taskTypeId: taskType.id,
        projectId,
        deadline: fields.deadline ?? null,
        baseLanguageId: fields.base_language,
        targetLanguageId: fields.target_language,
        settleTargetLang: fields.settle_target_lang,
        schemaId,
        protocolId,
        isFixedSets: taskType.isFixedSets,
        downloadEnabled: taskType.downloadEnabled,
        encryptAudio: taskType.encryptAudio,
        itemsPerSet: taskType.itemsPerSet,
        maxItemsPerUser: percent < 100 ? Math.max(1, Math.ceil((itemCount * percent) / 100)) : null,
        metadata: { ...taskType.defaultMetadata, ...fields.metadata },
        sourceFileId,
        itemsTotal: itemCount,
      })
      await deps.importJobs?.enqueue(tx, { taskId, startTask: fields.start_task })
      return taskId
    })
    taskMade = true
    if (deps.importJobs) {
      deps.importJobs.wake()
      return { id: taskId, status: 'PROCESSING', items_count: itemCount }
    }
    // A failure is recorded on the task, for the processing call to show.
    await importTask(deps, { taskId, startTask: fields.start_task }).catch(() => {})
    const processed = await taskProcessing(db, taskId)
    return { id: taskId, status: processed?.status ?? 'PROCESSING', items_count: itemCount }
  } finally {
    if (!taskMade && upload.file) await removeStoredFile(deps.media, upload.file.storageKey)
  }
}

/** A problem of the file at its place: `Line 3: field 'text' is missing.` */
const placedProblem = msg({ message: '{place}: {problem}' })

/** The text fields and the file's presence, all problems in one 400. */
function checkFields(upload: ReceivedUpload) {
  // Browsers send an untouched optional input as an empty field.
  const given = Object.fromEntries(
    Object.entries(upload.fields).filter(([, value]) => value !== ''),
  )
  const parsed = validateRequestPart(TaskUploadFieldsSchema, 'body', given)
  const fields = 'error' in parsed ? { ...parsed.error.problems } : {}
  if (!upload.file) fields.file = [msg`This field is required.`]
  if ('error' in parsed || !upload.file) throw invalidUpload(fields)
  return { fields: parsed.value, file: upload.file }
}

function invalidUpload(fields: FieldProblems) {
  return invalidFields(msg`Invalid upload.`, fields)
}

/** The languages and the project must exist; answers the task's project. */
async function checkReferences(
  db: Db,
  fields: TaskUploadFields,
  taskType: { id: number; defaultProjectId: number | null },
): Promise<number | null> {
  const problems: FieldProblems = {}
  const languageIds = await existingLanguageIds(db, [fields.base_language, fields.target_language])
  for (const field of ['base_language', 'target_language'] as const) {
    if (!languageIds.has(fields[field])) problems[field] = [msg`No such language.`]
  }
  const projectId = fields.project ?? taskType.defaultProjectId
  if (fields.project !== undefined) {
    const allowed = await taskTypeProjectIds(db, taskType.id)
    if (!(await projectExists(db, fields.project))) problems.project = [msg`No such project.`]
    else if (allowed.length > 0 && !allowed.includes(fields.project)) {
      problems.project = [msg`Not one of the task type's projects.`]
    }
  }
  if (Object.keys(problems).length > 0) throw invalidUpload(problems)
  return projectId
}

/**
 * Reads the whole file once and checks every item, stopping at the problem limit, then inflates
 * the ZIP's media files the items name, counting their bytes. Answers the number of items, gold
 * items left out; throws
 * a 400 listing the first problems, each with its line, row or item, or a 413 naming the entry
 * that inflates past a limit.
 */
async function checkFile(
  deps: Pick<IntakeDeps, 'db' | 'zipLimits'>,
  file: { path: string; name: string },
  rules: ItemRules,
  { clientGroupId, encryptAudio }: { clientGroupId: number; encryptAudio: boolean },
): Promise<number> {
  const { db } = deps
  const problems: ApiMessage[] = []
  const uuidPlaces = new Map<string, ApiMessage>()
  const mediaEntries = new Set<string>()
  let itemCount = 0
  try {
    const source = await openDataSource(file.path, file.name, deps.zipLimits)
    try {
      reading: for await (const events of checkedItems(source, rules)) {
        for (const event of events) {
          for (const problem of event.problems) {
            problems.push(withValues(placedProblem, { place: placeOf(event), problem }))
          }
          if (problems.length >= TASK_UPLOAD_PROBLEMS_SHOWN) break reading
          if (!event.item) continue
          // Gold items are not part of the task's work (contract/quality.ts).
          if (!event.item.gold) itemCount += 1
          for (const uuid of event.item.uuids) {
            if (!uuidPlaces.has(uuid)) uuidPlaces.set(uuid, placeOf(event))
          }
          for (const media of event.item.paths) mediaEntries.add(media.path)
        }
      }
      if (problems.length === 0) await source.checkMedia(mediaEntries)
    } finally {
      source.close()
    }
  } catch (error) {
    if (!(error instanceof FileProblems)) throw error
    if (error.tooLarge) {
      const [first = msg`The file is too large.`] = error.problems
      throw new HttpError(413, 'payload_too_large', first, { file: error.problems })
    }
    problems.push(...error.problems)
  }
  if (problems.length < TASK_UPLOAD_PROBLEMS_SHOWN && uuidPlaces.size > 0) {
    const uuids = [...uuidPlaces.keys()]
    for (let start = 0; start < uuids.length; start += MEDIA_UUIDS_PER_QUERY) {
      const chunk = uuids.slice(start, start + MEDIA_UUIDS_PER_QUERY)
      for (const uuid of await unusableMediaUuids(db, chunk, clientGroupId)) {
        const problem = withValues(msg({ message: 'there is no media file {uuid}.' }), { uuid })
        problems.push(withValues(placedProblem, { place: uuidPlaces.get(uuid), problem }))
      }
      // Another task's recording is plain, or encrypted with that task's key for its people.
      if (!encryptAudio) continue
      for (const uuid of await audioMediaUuids(db, chunk)) {
        const problem = withValues(
          msg({
            message:
              'the recording {uuid} belongs to another task; a task with protected audio takes its recordings in the ZIP, to store them encrypted.',
          }),
          { uuid },
        )
        problems.push(withValues(placedProblem, { place: uuidPlaces.get(uuid), problem }))
      }
    }
  }
  if (problems.length === 0 && itemCount === 0) problems.push(msg`The file holds no items.`)
  if (problems.length > 0) {
    const shown = problems.slice(0, TASK_UPLOAD_PROBLEMS_SHOWN)
    const detail = msg({ message: 'The file was not accepted, nothing was created. {problem}' })
    throw badRequest(withValues(detail, { problem: shown[0] }), { file: shown })
  }
  return itemCount
}

/** The processing state of a task the client may see. */
export async function processingOf(
  db: Db,
  user: SessionUser,
  taskId: number,
): Promise<TaskProcessing> {
  const scope = await clientScopeOf(db, user)
  const task = assertInClientScope(scope, await taskProcessing(db, taskId), msg`Task not found.`)
  // Items read so far count gold items too, which the total leaves out.
  const processed =
    task.status === 'PROCESSING'
      ? Math.min(await importedItemCount(db, taskId), task.itemsTotal)
      : task.itemsTotal
  return {
    status: task.status,
    processed_items: processed,
    total_items: task.itemsTotal,
    error: task.error,
  }
}
