import * as v from 'valibot'
import { draftKey } from '../db'
import { type OperationDefinition, registerOperation, sendWithKey } from '../registry'

export const ANNOTATION_SAVE = 'annotation.save'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))

export const AnnotationSavePayloadSchema = v.object({
  itemSetId: Id,
  itemId: Id,
  data: v.record(v.string(), v.unknown()),
  is_done: v.boolean(),
  /** The server keeps the save with the latest stamp (last writer wins). */
  client_updated_at: v.pipe(v.string(), v.isoTimestamp()),
})

export type AnnotationSavePayload = v.InferOutput<typeof AnnotationSavePayloadSchema>

declare module '../registry' {
  interface OperationPayloads {
    [ANNOTATION_SAVE]: AnnotationSavePayload
  }
}

export const annotationSave: OperationDefinition<AnnotationSavePayload> = {
  schema: AnnotationSavePayloadSchema,
  coalesceKey: ({ itemSetId, itemId }) => `${itemSetId}:${itemId}`,
  itemSetOf: ({ itemSetId }) => itemSetId,
  // The draft the screen shows; a folded save older than the stored draft leaves it.
  storeLocally: async (tx, payload) => {
    const drafts = tx.objectStore('annotations')
    const key = draftKey(payload.itemSetId, payload.itemId)
    const stored = await drafts.get(key)
    if (stored && stored.client_updated_at > payload.client_updated_at) return
    await drafts.put({ ...payload, key })
  },
  send: ({ itemSetId, itemId, data, is_done, client_updated_at }, context) =>
    sendWithKey(
      `endworker/item-sets/${itemSetId}/items/${itemId}/annotation/`,
      { method: 'PUT', body: { data, is_done, client_updated_at } },
      context,
    ),
}

registerOperation(ANNOTATION_SAVE, annotationSave)
