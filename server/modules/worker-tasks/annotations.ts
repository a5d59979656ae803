import { evaluateValidators } from '../../../contract/schema-rules'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { AnnotationSave, AnnotationSaveResult } from '../../../contract/worker'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { badRequest, notFound } from '../../http/errors'
import { type IdempotencyScope, withIdempotency } from '../../http/idempotency'
import { findAnnotation, touchActivity, upsertNewerAnnotation } from './annotation-queries'
import { findOwnItemSet, findSetItem, schemaDocument } from './item-set-queries'
import { annotationView } from './item-set-view'
import { requireProtocolRead } from './protocols'
import { lockExpired, taskFinished } from './refusals'

/**
 * Names in `data` the schema does not ask for. Besides annotation fields, an audio field of the
 * item may be given as its own media value, to record that it was played to the end.
 */
function unknownFields(
  document: TaskSchemaDocument,
  itemData: Record<string, unknown>,
  data: AnnotationSave['data'],
): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
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
      fields[`data.${name}`] = ['Not a field of the annotation schema of this task.']
    }
  }
  return fields
}

/**
 * Saves the worker's annotation of an item. Validator messages are stored with it and never
 * refuse the save. The newest edit by client_updated_at wins: an older one (an outbox replay
 * arriving late) changes nothing and gets the stored annotation with `applied: false`.
 */
export async function saveAnnotation(
  db: Db,
  user: SessionUser,
  target: { itemSetId: number; itemId: number },
  body: AnnotationSave,
  idempotency: IdempotencyScope | null,
) {
  return withIdempotency<AnnotationSaveResult>(db, idempotency, async (tx) => {
    const set = await findOwnItemSet(tx, user.id, target.itemSetId)
    if (!set) throw notFound('No such item set of yours.')
    if (set.task.status !== 'IN_PROGRESS') throw taskFinished()
    if (!set.locked) throw lockExpired()
    await requireProtocolRead(tx, user.id, set.task.protocolId)
    const item = await findSetItem(tx, set.id, target.itemId, { forShare: true })
    if (!item) throw notFound('This item is not in the item set.')
    const document = await schemaDocument(tx, set.task.schemaId)
    const unknown = unknownFields(document, item.data, body.data)
    if (Object.keys(unknown).length > 0) {
      throw badRequest(`Unknown fields: ${Object.keys(unknown).join(', ')}.`, unknown)
    }
    const messages = evaluateValidators(document, body.data, item.data)
    const stored = await upsertNewerAnnotation(tx, {
      itemSetId: set.id,
      itemId: target.itemId,
      userId: user.id,
      data: body.data,
      isDone: body.is_done,
      ...messages,
      clientUpdatedAt: new Date(body.client_updated_at),
    })
    if (stored) await touchActivity(tx, set.id, set.taskId)
    const row = stored ?? (await findAnnotation(tx, set.id, target.itemId))
    if (!row) throw new Error('annotation vanished')
    return {
      status: 200,
      body: {
        ...annotationView(row),
        item_id: target.itemId,
        item_set_id: set.id,
        applied: stored !== undefined,
      },
    }
  })
}
