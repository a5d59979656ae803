import { queryOptions } from '@tanstack/react-query'
import {
  FeedbackItemOptionsSchema,
  FeedbackStatsSchema,
  FeedbackTaskListSchema,
  FeedbackTaskSchema,
  ReviewedItemListSchema,
  ReviewedItemSchema,
  ReviewTaskOptionsSchema,
} from '../../../contract/review'
import { api } from '../../api/client'
import type { ReviewTaskFilters } from '../review/queries'

export type FeedbackItemFilters = { protocol?: number; reviewer?: number; mark?: number }

export const feedbackKeys = {
  all: ['feedback'] as const,
  stats: () => [...feedbackKeys.all, 'stats'] as const,
  tasks: (filters: ReviewTaskFilters) => [...feedbackKeys.all, 'tasks', filters] as const,
  taskOptions: () => [...feedbackKeys.all, 'task-options'] as const,
  task: (id: number) => [...feedbackKeys.all, 'task', id] as const,
  items: (taskId: number, filters: FeedbackItemFilters) =>
    [...feedbackKeys.all, 'items', taskId, filters] as const,
  itemOptions: (taskId: number) => [...feedbackKeys.all, 'item-options', taskId] as const,
  item: (id: number) => [...feedbackKeys.all, 'item', id] as const,
}

export const feedbackStatsQuery = () =>
  queryOptions({
    queryKey: feedbackKeys.stats(),
    queryFn: ({ signal }) => api('review/feedback/stats/', { schema: FeedbackStatsSchema, signal }),
  })

export const feedbackTasksQuery = (filters: ReviewTaskFilters) =>
  queryOptions({
    queryKey: feedbackKeys.tasks(filters),
    queryFn: ({ signal }) =>
      api('review/feedback/tasks/', {
        schema: FeedbackTaskListSchema,
        query: { ...filters, limit: 100 },
        signal,
      }),
  })

export const feedbackTaskOptionsQuery = () =>
  queryOptions({
    queryKey: feedbackKeys.taskOptions(),
    queryFn: ({ signal }) =>
      api('review/feedback/tasks/', { method: 'OPTIONS', schema: ReviewTaskOptionsSchema, signal }),
  })

/** The task of the feedback items page; a 404 (no feedback for the worker there) is the page's. */
export const feedbackTaskQuery = (id: number) =>
  queryOptions({
    queryKey: feedbackKeys.task(id),
    queryFn: ({ signal }) =>
      api(`review/feedback/tasks/${id}/`, {
        schema: FeedbackTaskSchema,
        signal,
        handledStatuses: [404],
      }),
  })

export const feedbackItemsQuery = (taskId: number, filters: FeedbackItemFilters) =>
  queryOptions({
    queryKey: feedbackKeys.items(taskId, filters),
    queryFn: ({ signal }) =>
      api('review/feedback/items/', {
        schema: ReviewedItemListSchema,
        query: { task: taskId, ...filters, limit: 100 },
        signal,
      }),
  })

/** One graded item whole, for the details view: selected items stay shown whatever the filters. */
export const feedbackItemQuery = (id: number) =>
  queryOptions({
    queryKey: feedbackKeys.item(id),
    queryFn: ({ signal }) =>
      api(`review/feedback/items/${id}/`, { schema: ReviewedItemSchema, signal }),
  })

export const feedbackItemOptionsQuery = (taskId: number) =>
  queryOptions({
    queryKey: feedbackKeys.itemOptions(taskId),
    queryFn: ({ signal }) =>
      api('review/feedback/items/', {
        method: 'OPTIONS',
        schema: FeedbackItemOptionsSchema,
        query: { task: taskId },
        signal,
      }),
  })
