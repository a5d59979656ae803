import * as v from 'valibot'
import {
  GIVEN_MARKS,
  REVIEW_ERROR_TYPES,
  ReviewedItemSchema,
  ReviewPatchSchema,
} from '../../../contract/review'
import { type OperationDefinition, registerOperation, sendWithKey } from '../registry'

export const REVIEW_SAVE = 'review.save'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))

/**
 * The fields of a review card changed since the card was loaded, with their latest values. A
 * newer save of the same review item replaces a waiting one, so each carries every field changed
 * so far: nothing an older save held is lost by coalescing.
 */
export const ReviewFieldsSchema = v.object({
  mark: v.optional(v.picklist(GIVEN_MARKS)),
  error_types: v.optional(v.array(v.picklist(REVIEW_ERROR_TYPES))),
  comment: v.optional(v.string()),
})
export type ReviewFields = v.InferOutput<typeof ReviewFieldsSchema>

export const ReviewSavePayloadSchema = v.object({
  reviewItemId: Id,
  /** A locked item is graded through locked-items, a graded one amended through reviewed-items. */
  via: v.picklist(['locked', 'reviewed']),
  fields: ReviewFieldsSchema,
})
export type ReviewSavePayload = v.InferOutput<typeof ReviewSavePayloadSchema>

/** Where a review card's unconfirmed edits are kept on the device (the `kv` store). */
export const reviewDraftKey = (reviewItemId: number) => `review.draft.${reviewItemId}`

const sameErrorTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join()

/**
 * Whether two sets of changed fields say the same, field by field: the order the fields were
 * edited in, or error types were chosen in, means nothing.
 */
export function sameReviewFields(a: ReviewFields, b: ReviewFields): boolean {
  if (a.mark !== b.mark || a.comment !== b.comment) return false
  if (a.error_types === undefined || b.error_types === undefined) {
    return a.error_types === b.error_types
  }
  return sameErrorTypes(a.error_types, b.error_types)
}

declare module '../registry' {
  interface OperationPayloads {
    [REVIEW_SAVE]: ReviewSavePayload
  }
}

export const reviewSave: OperationDefinition<ReviewSavePayload> = {
  schema: ReviewSavePayloadSchema,
  coalesceKey: ({ reviewItemId }) => String(reviewItemId),
  // The card's draft: each save carries every field changed so far, so the newest op is the draft.
  storeLocally: (tx, { reviewItemId, fields }) =>
    tx.objectStore('kv').put(fields, reviewDraftKey(reviewItemId)),
  // The server's answer becomes the item's copy on the device, and the draft goes unless a newer
  // edit replaced it meanwhile: a reload shows the confirmed grade, never an older one.
  storeConfirmed: async (tx, { payload: { reviewItemId, fields }, result, confirmedAt }) => {
    const answer = v.safeParse(ReviewedItemSchema, result)
    if (!answer.success) return
    await tx.objectStore('reviewItems').put({
      id: reviewItemId,
      item: answer.output,
      storedAt: confirmedAt,
    })
    const kv = tx.objectStore('kv')
    const draft = v.safeParse(ReviewFieldsSchema, await kv.get(reviewDraftKey(reviewItemId)))
    if (draft.success && sameReviewFields(draft.output, fields)) {
      await kv.delete(reviewDraftKey(reviewItemId))
    }
  },
  send: ({ reviewItemId, via, fields }, context) =>
    sendWithKey(
      `review/${via}-items/${reviewItemId}/`,
      { method: 'PATCH', body: v.parse(ReviewPatchSchema, fields), schema: ReviewedItemSchema },
      context,
    ),
}

registerOperation(REVIEW_SAVE, reviewSave)
