import { queryOptions } from '@tanstack/react-query'
import {
  FeedbackItemOptionsSchema,
  FeedbackStatsSchema,
  FeedbackTaskListSchema,
  FeedbackTaskSchema,
  ReviewedItemListSchema,
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

export const feedbackTaskQuery = (id: number) =>
  queryOptions({
    queryKey: feedbackKeys.task(id),
    queryFn: ({ signal }) =>
      api(`review/feedback/tasks/${id}/`, { schema: FeedbackTaskSchema, signal }),
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
