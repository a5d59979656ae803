import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { MENU_COUNTER_REFRESH_MS } from '../../../contract/constants'
import {
  CountSchema,
  type ReviewedItemList,
  ReviewedItemListSchema,
  ReviewerStatsSchema,
  ReviewTaskListSchema,
  ReviewTaskOptionsSchema,
  ReviewTaskSchema,
} from '../../../contract/review'
import { ApiError, api } from '../../api/client'
import { readStoredReviewList, storeReviewList } from './stored'

export type ReviewTaskFilters = {
  client_group?: number
  task_type?: number
  protocol?: number
  base_language?: number
  target_language?: number
  reviewed_count__gt?: number
  ordering?: string
}

export const reviewKeys = {
  all: ['review'] as const,
  tasks: (filters: ReviewTaskFilters) => [...reviewKeys.all, 'tasks', filters] as const,
  task: (id: number) => [...reviewKeys.all, 'task', id] as const,
  taskOptions: () => [...reviewKeys.all, 'task-options'] as const,
  stats: () => [...reviewKeys.all, 'stats'] as const,
  batch: (taskId: number) => [...reviewKeys.all, 'batch', taskId] as const,
  lockedCount: () => [...reviewKeys.all, 'locked-count'] as const,
  reviewed: (taskId: number | null, mark: number | null) =>
    [...reviewKeys.all, 'reviewed', taskId, mark] as const,
}

export const reviewTasksQuery = (filters: ReviewTaskFilters) =>
  queryOptions({
    queryKey: reviewKeys.tasks(filters),
    queryFn: ({ signal }) =>
      api('review/tasks/', {
        schema: ReviewTaskListSchema,
        query: { ...filters, limit: 100 },
        signal,
      }),
  })

export const reviewTaskQuery = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.task(id),
    queryFn: ({ signal }) => api(`review/tasks/${id}/`, { schema: ReviewTaskSchema, signal }),
  })

export const reviewTaskOptionsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.taskOptions(),
    queryFn: ({ signal }) =>
      api('review/tasks/', { method: 'OPTIONS', schema: ReviewTaskOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  })

export const reviewerStatsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.stats(),
    queryFn: ({ signal }) => api('review/reviewer-stats/', { schema: ReviewerStatsSchema, signal }),
  })

/** Kept in IndexedDB (stored.ts), never in the query cache's copy in localStorage. */
const KEPT_ON_THE_DEVICE = { persist: false }

/**
 * Takes review work: locks the task's next items (the reviewer's own held ones first) and keeps
 * the answer, with each item's data, annotation and schema, on the device as the reviewer's
 * batch of the task, so it can be graded offline and after a reload.
 */
export async function takeReviewBatch(taskId: number): Promise<ReviewedItemList> {
  const requestedAt = Date.now()
  const batch = await api('review/locked-items/', {
    method: 'POST',
    body: { task: taskId },
    schema: ReviewedItemListSchema,
  })
  return storeReviewList(reviewKeys.batch(taskId), batch, requestedAt)
}

/**
 * The reviewer's batch of the task: the one kept on the device (with every grade confirmed
 * since it was taken), else a new one. It stays until 'Take more items' takes the next.
 */
export const lockedItemsQuery = (taskId: number) =>
  queryOptions({
    queryKey: reviewKeys.batch(taskId),
    queryFn: async () =>
      (await readStoredReviewList(reviewKeys.batch(taskId))) ?? takeReviewBatch(taskId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: KEPT_ON_THE_DEVICE,
  })

/** What the reviewer graded: the server's list, kept on the device for offline reading. */
export const reviewedItemsQuery = (taskId: number | null, mark: number | null) =>
  queryOptions({
    queryKey: reviewKeys.reviewed(taskId, mark),
    queryFn: async ({ signal }) => {
      const queryKey = reviewKeys.reviewed(taskId, mark)
      const requestedAt = Date.now()
      try {
        const list = await api('review/reviewed-items/', {
          schema: ReviewedItemListSchema,
          query: { task: taskId, mark, limit: 100 },
          signal,
        })
        return await storeReviewList(queryKey, list, requestedAt)
      } catch (error) {
        const offline = error instanceof ApiError && error.status === 0
        const stored = offline ? await readStoredReviewList(queryKey) : undefined
        if (stored) return stored
        throw error
      }
    },
    meta: KEPT_ON_THE_DEVICE,
  })

/**
 * How many items the reviewer holds locked and not yet graded, over every task: the review
 * menu's badge. Refreshed every five minutes while it is empty (the spec's menu counters), and
 * by refreshReviewCounts. A background call: only a lost session is reported.
 */
export const lockedItemCountQuery = () =>
  queryOptions({
    queryKey: reviewKeys.lockedCount(),
    queryFn: ({ signal }) =>
      api('review/locked-items/count/', {
        schema: CountSchema,
        signal,
        handledStatuses: [403, 404, 500, 503],
      }),
    refetchInterval: (query) => (query.state.data?.count ? false : MENU_COUNTER_REFRESH_MS),
  })

/** Once a batch is taken or graded, the counts of the task lists, the stats and the menu move. */
export function refreshReviewCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, 'tasks'] })
  void queryClient.invalidateQueries({ queryKey: reviewKeys.stats() })
  void queryClient.invalidateQueries({ queryKey: reviewKeys.lockedCount() })
}
