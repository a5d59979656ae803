import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type ReviewedItem,
  type ReviewedItemList,
  ReviewedItemSchema,
} from '../../../contract/review'
import { REVIEW_SAVE } from '../../offline/operations/review-save'
import { subscribe } from '../../offline/outbox'
import { reviewKeys } from './queries'

const isReviewList = (key: readonly unknown[]) => key[1] === 'batch' || key[1] === 'reviewed'

/**
 * Puts the server's answer in place of the item in the review lists in memory. The device's
 * copy is written by the outbox itself, with the confirmation (offline/operations/review-save.ts).
 */
export function showConfirmedReview(queryClient: QueryClient, saved: ReviewedItem) {
  queryClient.setQueriesData<ReviewedItemList>(
    { queryKey: reviewKeys.all, predicate: (query) => isReviewList(query.queryKey) },
    (list) =>
      list && {
        ...list,
        results: list.results.map((item) => (item.id === saved.id ? saved : item)),
      },
  )
}

/**
 * Shows every confirmed review save in the lists in memory, whichever screen is open (or none,
 * so a list shown again later is not older than the device's copy), this tab's and the other
 * tabs'. Call once at start-up; returns the unsubscribe.
 */
export function keepReviewListsSynced(queryClient: QueryClient): () => void {
  return subscribe((event) => {
    if (event.type !== 'synced' || event.op.kind !== REVIEW_SAVE) return
    const saved = v.safeParse(ReviewedItemSchema, event.result)
    if (saved.success) showConfirmedReview(queryClient, saved.output)
  })
}
