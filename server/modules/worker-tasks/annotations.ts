import { msg } from '#lingui-message'
import { evaluateValidators } from '../../../contract/schema-rules'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import {
  type AnnotationSave,
  type AnnotationSaveResult,
  PROTOCOL_NOT_CONFIRMED_DETAIL,
} from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import {
  badRequest,
  type FieldProblems,
  type HttpError,
  notFound,
  permissionDenied,
} from '../../http/errors'
import { withValues } from '../../http/i18n'
import {
  type IdempotencyScope,
  type IdempotentAnswer,
  isKeyTaken,
  isTransientConflict,
  type KeyedRequest,
  withIdempotency,
} from '../../http/idempotency'
import { re2PatternTest } from '../../patterns/re2-patterns'
import { judgeActivityFlags } from '../quality/activity-flags'
import { judgeGoldAnswer } from '../quality/gold-answers'
import type { WebhookEvents } from '../webhooks/events'
import {
  type AnnotationWrite,
  findAnnotation,
  findSaveTarget,
  type SaveTarget,
  type StoredAnnotation,
  saveNewerAnnotationChecked,
  upsertNewerAnnotation,
} from './annotation-queries'
import { reopenItem } from './claim-queries'
import { annotationView } from './item-set-view'
import { lockExpired, taskFinished } from './refusals'
import { setContext } from './set-contexts'

type SaveIds = { itemSetId: number; itemId: number }

/**
 * Names in `data` the schema does not ask for. Besides annotation fields, an audio field of the
 * item may be given as its own media value, to record that it was played to the end.
 */
function unknownFields(
  document: TaskSchemaDocument,
  itemData: Record<string, unknown>,
  data: AnnotationSave['data'],
): FieldProblems {
  const fields: FieldProblems = {}
  for (const [name, value] of Object.entries(data)) {
    if (name in document.annotation_schema) continue
    const itemValue = itemData[name]
    const isPlayedAudio =
      document.item_schema[name]?.widget.config.component === 'audio' &&
      typeof value === 'object' &&
      typeof itemValue === 'object' &&
      itemValue !== null &&
      'uuid' in itemValue &&
      itemValue.uuid === value.uuid
    if (!isPlayedAudio) {
      fields[`data.${name}`] = [msg`Not a field of the annotation schema of this task.`]
    }
  }
  return fields
}

type SaveableTarget = {
  itemSetId: number
  taskId: number
  document: TaskSchemaDocument
  itemData: Record<string, unknown>
}

/**
 * The set and item of the save as read in its transaction, once the checks pass, in this
 * order: the set is the worker's, the task in progress, the lock holding, the protocol
 * confirmed and the item in the set.
 */
function requireSaveable(found: SaveTarget | undefined): SaveTarget & SaveableTarget {
  if (!found) throw notFound(msg`No such item set of yours.`)
  if (found.taskStatus !== 'IN_PROGRESS') throw taskFinished()
  if (!found.locked) throw lockExpired()
  if (!found.protocolConfirmed) throw permissionDenied(PROTOCOL_NOT_CONFIRMED_DETAIL)
  if (found.itemData === null) throw notFound(msg`This item is not in the item set.`)
  return { ...found, itemData: found.itemData }
}

/** What the save writes, with the validators' messages; a 400 for fields the schema lacks. */
function plannedWrite(
  target: SaveableTarget,
  userId: number,
  ids: SaveIds,
  body: AnnotationSave,
): { write: AnnotationWrite } | { refusal: HttpError } {
  const unknown = unknownFields(target.document, target.itemData, body.data)
  if (Object.keys(unknown).length > 0) {
    const names = Object.keys(unknown).join(', ')
    return {
      refusal: badRequest(
        withValues(msg({ message: 'Unknown fields: {names}.' }), { names }),
        unknown,
      ),
    }
  }
  const data = { ...uncheckedCheckboxes(target.document), ...body.data }
  const validation = evaluateValidators(target.document, data, target.itemData, re2PatternTest)
  return {
    write: {
      itemSetId: target.itemSetId,
      itemId: ids.itemId,
      taskId: target.taskId,
      userId,
      data,
      // Errors block Done. The save is kept as not done rather than refused, so an outbox replay
      // of a Done made offline still stores the worker's edit; the answer's errors say why.
      isDone: body.is_done && Object.keys(validation.errors).length === 0,
      ...validation,
      clientUpdatedAt: new Date(body.client_updated_at),
    },
  }
}

/** An untouched checkbox means 'false' (the spec's bool text), not a missing value. */
function uncheckedCheckboxes(document: TaskSchemaDocument): Record<string, string> {
  return Object.fromEntries(
    Object.entries(document.annotation_schema)
      .filter(([, field]) => field.widget.config.component === 'checkbox')
      .map(([name]) => [name, 'false']),
  )
}

function answerOf(row: StoredAnnotation, ids: SaveIds, applied: boolean): AnnotationSaveResult {
  return {
    ...annotationView(row),
    item_id: ids.itemId,
    item_set_id: ids.itemSetId,
    applied,
  }
}

/**
 * Saves the worker's annotation of an item. Validator messages are stored with it and never
 * refuse the save; an annotation with errors is stored as not done even when sent as Done. The newest edit by client_updated_at wins: an older one (an outbox replay
 * arriving late) changes nothing and gets the stored annotation with `applied: false`.
 *
 * Saves come every few seconds from every worker, so the usual one (the session live, checks
 * pass, the edit is newer, its key is new) is first tried as one statement without a
 * transaction (saveAnnotationAtOnce). Anything else comes here, in the transaction of
 * withIdempotency, which decides replays, refusals and older edits exactly, reopens an item
 * for claims when a done annotation claims passed is taken back, and scores saves of gold items
 * (judgeGoldAnswer), which never take the one statement.
 */
export async function saveAnnotation(
  db: Db,
  events: WebhookEvents,
  user: SessionUser,
  ids: SaveIds,
  body: AnnotationSave,
  idempotency: IdempotencyScope | null,
): Promise<IdempotentAnswer<AnnotationSaveResult>> {
  return withIdempotency<AnnotationSaveResult>(db, idempotency, async (tx) => {
    const target = requireSaveable(await findSaveTarget(tx, user.id, ids))
    const planned = plannedWrite(target, user.id, ids, body)
    if ('refusal' in planned) throw planned.refusal
    const stored = await upsertNewerAnnotation(tx, planned.write)
    if (stored) await judgeGoldAnswer(tx, events, stored.id)
    if (stored && target.storedDone && !planned.write.isDone && target.passedByClaims) {
      await reopenItem(tx, target.taskId, ids.itemId)
    }
    const row = stored ?? (await findAnnotation(tx, ids.itemSetId, ids.itemId))
    if (!row) throw new Error('annotation vanished')
    if (row.isDone) await judgeActivityFlags(tx, row.id)
    return { status: 200, body: answerOf(row, ids, stored !== undefined) }
  })
}

/**
 * The usual save, by the session of `sessionIdHash` before it is looked up: validated against
 * the set's kept context (setContext), then written with its idempotent answer by one statement
 * that checks the session and what may have changed (saveNewerAnnotationChecked). Null when it
 * did not save: no live session of the set's worker, a refusal, an older edit, a key used
 * before, a done annotation taken back from an item claims passed, or an item that is gold
 * (scored in the transaction); saveAnnotation decides those. `sessionStale` says the session's sliding expiry is due.
 */
export async function saveAnnotationAtOnce(
  db: Db,
  sessionIdHash: string,
  ids: SaveIds,
  body: AnnotationSave,
  keyed: KeyedRequest | null,
): Promise<{ answer: IdempotentAnswer<AnnotationSaveResult>; sessionStale: boolean } | null> {
  const context = await setContext(db, ids.itemSetId)
  const worker = context?.userId
  const itemData = context?.itemData[ids.itemId]
  if (!context || !worker || !itemData) return null
  const planned = plannedWrite(
    { ...context, itemSetId: ids.itemSetId, itemData },
    worker,
    ids,
    body,
  )
  if ('refusal' in planned) return null
  // The answer is what is being written; only the annotation's id comes from the statement.
  const answer = answerOf({ ...planned.write, id: 0, isValidating: false }, ids, true)
  try {
    // The statement writes only for a live session of the set's worker, so the key is theirs.
    const saved = await saveNewerAnnotationChecked(
      db,
      sessionIdHash,
      planned.write,
      keyed && { scope: { ...keyed, userId: worker }, body: { ...answer, id: undefined } },
    )
    if (!saved) return null
    if (planned.write.isDone) await judgeActivityFlags(db, saved.id)
    return {
      answer: { status: 200, body: { ...answer, id: saved.id }, replayed: false },
      sessionStale: saved.sessionStale,
    }
  } catch (error) {
    // The transaction decides a key taken meanwhile, and takes the key's lock first.
    if (isKeyTaken(error) || isTransientConflict(error)) return null
    throw error
  }
}
