import type { EnqueueTx } from '../../offline/db'
import { offlineDb } from '../../offline/db'
import type { ReviewFields } from '../../offline/operations/review-save'

/**
 * A review card's edits since it was loaded, kept in IndexedDB at every change (before the
 * debounced send), so a reload or a closed tab loses nothing.
 */
const draftKey = (reviewItemId: number) => `review.draft.${reviewItemId}`

export async function readReviewDraft(reviewItemId: number): Promise<ReviewFields | undefined> {
  return (await (await offlineDb()).get('kv', draftKey(reviewItemId))) as ReviewFields | undefined
}

export async function writeReviewDraft(reviewItemId: number, fields: ReviewFields) {
  await (await offlineDb()).put('kv', fields, draftKey(reviewItemId))
}

/** The same write inside an outbox enqueue, so op and draft commit together. */
export const draftAlongside = (reviewItemId: number, fields: ReviewFields) => (tx: EnqueueTx) =>
  tx.objectStore('kv').put(fields, draftKey(reviewItemId))

export async function deleteReviewDraft(reviewItemId: number) {
  await (await offlineDb()).delete('kv', draftKey(reviewItemId))
}
