import type { ReviewedItem } from '../../../contract/review'

/** The orders the review list offers; the first is the default ('Reset sort order'). */
export const REVIEW_SORTS = ['oldest', 'newest', 'mark'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

const byGenerated = (a: ReviewedItem, b: ReviewedItem) =>
  a.generated_timestamp.localeCompare(b.generated_timestamp) || a.id - b.id

const ORDERS: Record<ReviewSort, (a: ReviewedItem, b: ReviewedItem) => number> = {
  oldest: byGenerated,
  newest: (a, b) => byGenerated(b, a),
  mark: (a, b) => a.mark - b.mark || byGenerated(a, b),
}

/** The first `size` items in the chosen order. */
export function firstRows(items: readonly ReviewedItem[], sort: ReviewSort, size: number) {
  return [...items].sort(ORDERS[sort]).slice(0, size)
}
