import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  BulkDecisionResultSchema,
  type BulkIntervalDecision,
  FlatIntervalListSchema,
  IntervalCountSchema,
  IntervalDaysSchema,
  type IntervalDecision,
  IntervalListSchema,
  IntervalOptionsSchema,
  type ManualIntervalInput,
  OwnPendingCountSchema,
  TimeLogIntervalSchema,
  TimelogStatsSchema,
  WORKTIME_EXPORT_PAGE_SIZE,
  type WorktimeExportInput,
  WorktimeExportListSchema,
  WorktimeExportSchema,
  WorktimeExportStatsSchema,
} from '../../../contract/timelogs'
import { api } from '../../api/client'

const INTERVALS = 'timelogs/intervals/'

/*
 * Time logs change while the user works and as coordinators decide: their lists, figures and
 * days are read afresh on every visit (`staleTime: 0`), not taken from the stored cache.
 */

/** What a list of intervals shows: bounds as ISO instants, time zone in decimal hours. */
export type IntervalFilters = {
  start?: string
  end?: string
  status?: number
  search?: string
  tz: number
  user?: number
  coordination_group?: number
}

export type IntervalPage = { offset: number; limit: number; ordering?: string }

export const timelogKeys = {
  all: ['timelogs'] as const,
  intervals: () => [...timelogKeys.all, 'intervals'] as const,
  stats: () => [...timelogKeys.all, 'stats'] as const,
  days: () => [...timelogKeys.all, 'days'] as const,
  options: () => [...timelogKeys.all, 'options'] as const,
  exports: () => [...timelogKeys.all, 'exports'] as const,
}

const filterQuery = ({ search, ...filters }: IntervalFilters) => ({
  ...filters,
  search: search?.trim() || undefined,
})

export const intervalsQuery = (filters: IntervalFilters, page: IntervalPage) =>
  queryOptions({
    queryKey: [...timelogKeys.intervals(), 'list', filters, page] as const,
    queryFn: ({ signal }) =>
      api(INTERVALS, {
        schema: IntervalListSchema,
        query: { ...filterQuery(filters), ...page },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** The flat grouped variant: one row per user, day, source and status. */
export const flatIntervalsQuery = (filters: IntervalFilters, page: IntervalPage) =>
  queryOptions({
    queryKey: [...timelogKeys.intervals(), 'flat', filters, page] as const,
    queryFn: ({ signal }) =>
      api(INTERVALS, {
        schema: FlatIntervalListSchema,
        query: { ...filterQuery(filters), ...page, flat: 'true' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const intervalCountQuery = (filters: IntervalFilters) =>
  queryOptions({
    queryKey: [...timelogKeys.intervals(), 'count', filters] as const,
    queryFn: ({ signal }) =>
      api(`${INTERVALS}count/`, {
        schema: IntervalCountSchema,
        query: filterQuery(filters),
        signal,
      }),
  })

export const ownPendingCountQuery = () =>
  queryOptions({
    queryKey: [...timelogKeys.intervals(), 'own-pending'] as const,
    queryFn: ({ signal }) =>
      api(`${INTERVALS}own-pending-count/`, { schema: OwnPendingCountSchema, signal }),
    staleTime: 0,
  })

export type StatsRange = { start?: string; end?: string; user?: number }

export const statsQuery = (range: StatsRange) =>
  queryOptions({
    queryKey: [...timelogKeys.stats(), range] as const,
    queryFn: ({ signal }) =>
      api('timelogs/stats/', { schema: TimelogStatsSchema, query: range, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Days of the month shown (YYYY-MM-DD in the time zone) with any interval, or a pending one. */
export const intervalDaysQuery = (kind: 'active' | 'pending', filters: IntervalFilters) =>
  queryOptions({
    queryKey: [...timelogKeys.days(), kind, filters] as const,
    queryFn: ({ signal }) =>
      api(`${INTERVALS}${kind}-days/`, {
        schema: IntervalDaysSchema,
        query: filterQuery(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const intervalOptionsQuery = () =>
  queryOptions({
    queryKey: timelogKeys.options(),
    queryFn: ({ signal }) =>
      api(INTERVALS, { method: 'OPTIONS', schema: IntervalOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  })

export const logTime = (body: ManualIntervalInput) =>
  api(INTERVALS, { method: 'POST', body, schema: TimeLogIntervalSchema })

export const deleteInterval = (id: number) => api(`${INTERVALS}${id}/`, { method: 'DELETE' })

export const decideInterval = (id: number, body: IntervalDecision) =>
  api(`${INTERVALS}${id}/`, { method: 'PATCH', body, schema: TimeLogIntervalSchema })

export const decideIntervals = (body: BulkIntervalDecision) =>
  api(`${INTERVALS}bulk-status/`, { method: 'POST', body, schema: BulkDecisionResultSchema })

const EXPORTS = 'coordinator/worktime-exports/'

/** Polls while an export runs, so its progress moves. */
export const EXPORT_POLL_MS = 1_500

export const worktimeExportsQuery = (offset: number) =>
  queryOptions({
    queryKey: [...timelogKeys.exports(), 'list', offset] as const,
    queryFn: ({ signal }) =>
      api(EXPORTS, {
        schema: WorktimeExportListSchema,
        query: { offset, limit: WORKTIME_EXPORT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.results.some((row) => row.status === 'PROCESSING') ? EXPORT_POLL_MS : false,
  })

export const worktimeExportStatsQuery = () =>
  queryOptions({
    queryKey: [...timelogKeys.exports(), 'stats'] as const,
    queryFn: ({ signal }) => api(`${EXPORTS}stats/`, { schema: WorktimeExportStatsSchema, signal }),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.processing ?? 0) > 0 ? EXPORT_POLL_MS : false),
  })

export const createWorktimeExport = (body: WorktimeExportInput) =>
  api(EXPORTS, { method: 'POST', body, schema: WorktimeExportSchema })

export const deleteWorktimeExport = (id: number) => api(`${EXPORTS}${id}/`, { method: 'DELETE' })

export const downloadWorktimeExport = (id: number) =>
  api<Blob>(`${EXPORTS}${id}/download/`, { responseType: 'blob' })
