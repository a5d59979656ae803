import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { StatCards } from '../client/tasks/StatCards'
import { reviewerStatsQuery } from './queries'

/** The reviewer's figures at the top of the review pages. */
export function ReviewerStatsBar() {
  const { t } = useLingui()
  const stats = useQuery(reviewerStatsQuery())
  if (!stats.data) return null
  return (
    <StatCards
      cols={{ base: 2, sm: 3 }}
      padding="sm"
      stats={[
        [t`Available review items`, stats.data.available_review_items],
        [t`Locked by you`, stats.data.locked_review_items],
        [t`Your review groups`, stats.data.reviewer_in.length],
      ]}
    />
  )
}
