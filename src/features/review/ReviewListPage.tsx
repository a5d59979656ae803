import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core'
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { REVIEW_LIST_SIZE, type ReviewedItemList } from '../../../contract/review'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { ShortcutsHelp } from '../annotate/shortcuts'
import { keepBatchOffline } from './offline-batch'
import {
  lockedItemsQuery,
  refreshReviewCounts,
  reviewedItemsQuery,
  reviewTaskQuery,
  takeReviewBatch,
} from './queries'
import { REVIEW_SHORTCUTS, ReviewList } from './ReviewList'
import { firstRows, REVIEW_SORTS, type ReviewSort } from './sorting'

const SORT_LABELS: Record<ReviewSort, MessageDescriptor> = {
  oldest: msg`Oldest first`,
  newest: msg`Newest first`,
  mark: msg`By mark`,
}

type ReviewListPageProps = {
  taskId: number
  /** Grading the reviewer's locked batch, or amending what they reviewed. */
  via: 'locked' | 'reviewed'
}

/**
 * The review list of a task: the first REVIEW_LIST_SIZE items for the current order as review
 * cards. In perform mode the items are the reviewer's locked batch, kept on the device so it can
 * be graded offline; 'Take more items' locks the next ones once these are graded.
 */
export function ReviewListPage({ taskId, via }: ReviewListPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [sort, setSort] = useState<ReviewSort>(REVIEW_SORTS[0])
  const task = useQuery(reviewTaskQuery(taskId))
  const locked = useQuery({ ...lockedItemsQuery(taskId), enabled: via === 'locked' })
  const reviewed = useQuery({ ...reviewedItemsQuery(taskId, null), enabled: via === 'reviewed' })
  const items: UseQueryResult<ReviewedItemList> = via === 'locked' ? locked : reviewed
  const takeMore = useMutation({
    mutationFn: () => takeReviewBatch(taskId),
    onSuccess: (batch) => queryClient.setQueryData(lockedItemsQuery(taskId).queryKey, batch),
  })

  // The batch is graded offline too: its media and protocols are fetched now, so the service
  // worker keeps them.
  useEffect(() => {
    if (via === 'locked' && locked.data) keepBatchOffline(queryClient, locked.data.results)
  }, [via, locked.data, queryClient])
  // Taking a batch locks items, grading them ends their locks: the counts elsewhere follow when
  // a batch arrives and when the reviewer leaves the list.
  const batchTakenAt = locked.dataUpdatedAt
  useEffect(() => {
    if (via !== 'locked') return
    if (batchTakenAt > 0) refreshReviewCounts(queryClient)
    return () => refreshReviewCounts(queryClient)
  }, [via, batchTakenAt, queryClient])
  const taskNumber = taskId

  let content = <Loading label={t`Loading the review items…`} />
  if (items.data) {
    const rows = firstRows(items.data.results, sort, REVIEW_LIST_SIZE)
    content =
      rows.length === 0 ? (
        <Empty title={<Trans>There are no review items here.</Trans>} />
      ) : (
        <ReviewList items={rows} via={via} />
      )
  } else if (items.isError) {
    content = (
      <LoadFailed
        error={items.error}
        title={<Trans>The review items could not be loaded.</Trans>}
      />
    )
  }

  return (
    <Stack gap="md">
      <TitleBar level="page" title={task.data?.description || <Trans>Task #{taskNumber}</Trans>}>
        <ShortcutsHelp shortcuts={REVIEW_SHORTCUTS} />
      </TitleBar>
      <Group align="flex-end" gap="sm">
        <Select
          label={t`Sort`}
          data={REVIEW_SORTS.map((value) => ({ value, label: i18n._(SORT_LABELS[value]) }))}
          value={sort}
          onChange={(value) => setSort((value as ReviewSort | null) ?? REVIEW_SORTS[0])}
          allowDeselect={false}
          w={180}
        />
        {sort !== REVIEW_SORTS[0] && (
          <Button variant="subtle" onClick={() => setSort(REVIEW_SORTS[0])}>
            <Trans>Reset sort order</Trans>
          </Button>
        )}
        {items.data && (
          <Badge variant="light" size="lg">
            <Plural value={items.data.count} one="# item" other="# items" />
          </Badge>
        )}
        {via === 'locked' && (
          <Button variant="light" loading={takeMore.isPending} onClick={() => takeMore.mutate()}>
            <Trans>Take more items</Trans>
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>Only the first {REVIEW_LIST_SIZE} items for the current order are shown.</Trans>
      </Text>
      {content}
    </Stack>
  )
}
