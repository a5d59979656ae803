import { offlineDb } from '../../offline/db'
import { reviewDraftKey as draftKey, type ReviewFields } from '../../offline/operations/review-save'

/**
 * A review card's edits since it was loaded: the outbox stores them with each save (journaled at
 * once, so a reload or a closed tab loses nothing) and they are dropped once the server confirms.
 */

export async function readReviewDraft(reviewItemId: number): Promise<ReviewFields | undefined> {
  return (await (await offlineDb()).get('kv', draftKey(reviewItemId))) as ReviewFields | undefined
}

export async function deleteReviewDraft(reviewItemId: number) {
  await (await offlineDb()).delete('kv', draftKey(reviewItemId))
}
