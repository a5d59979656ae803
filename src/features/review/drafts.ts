import * as v from 'valibot'
import { offlineDb } from '../../offline/db'
import {
  reviewDraftKey as draftKey,
  type ReviewFields,
  ReviewFieldsSchema,
} from '../../offline/operations/review-save'
import { journalFolded } from '../../offline/outbox'

/**
 * A review card's edits not yet confirmed: the outbox stores them with each save (journaled at
 * once, so a reload or a closed tab loses nothing) and drops them in the transaction that stores
 * the server's answer as the item's copy on the device (offline/operations/review-save.ts).
 * Read after the journal is folded, so a reload shows the edit made just before it (if folding
 * fails, what IndexedDB holds is still the best there is to show).
 */
export async function readReviewDraft(reviewItemId: number): Promise<ReviewFields | undefined> {
  await journalFolded().catch(() => undefined)
  const stored = await (await offlineDb()).get('kv', draftKey(reviewItemId))
  const parsed = v.safeParse(ReviewFieldsSchema, stored)
  return parsed.success ? parsed.output : undefined
}
