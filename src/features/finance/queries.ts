import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  FinanceExportDetailSchema,
  type FinanceExportInput,
  FinanceExportListSchema,
  FinanceExportSchema,
  FinanceOptionsSchema,
  FinanceUserListSchema,
  MasterFileListSchema,
  MasterFileSchema,
  type RatioIntervalEnd,
  type RatioIntervalInput,
  RatioIntervalListSchema,
  RatioIntervalSchema,
} from '../../../contract/finance'
import { api } from '../../api/client'
import { type UploadOptions, uploadWithProgress } from '../../api/upload'

/** Rows per page of the finance lists. */
export const FINANCE_PAGE_SIZE = 20
/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 2_000

export const financeKeys = {
  all: ['finance'] as const,
  ratioIntervals: () => [...financeKeys.all, 'ratio-intervals'] as const,
  masterFiles: () => [...financeKeys.all, 'master-files'] as const,
  exports: () => [...financeKeys.all, 'exports'] as const,
}

export const financeOptionsQuery = () =>
  queryOptions({
    queryKey: [...financeKeys.all, 'options'] as const,
    queryFn: ({ signal }) => api('finance/options/', { schema: FinanceOptionsSchema, signal }),
  })

/** Users matching a search, or the users of some ids (to name the ones already chosen). */
export const financeUsersQuery = (search: string, ids?: number[]) =>
  queryOptions({
    queryKey: [...financeKeys.all, 'users', search, ids ?? null] as const,
    queryFn: ({ signal }) =>
      api('finance/users/', {
        schema: FinanceUserListSchema,
        query: { search, ids: ids?.join(',') || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export type RatioIntervalFilters = { user?: number; group?: number; date?: string }

export const ratioIntervalsQuery = (filters: RatioIntervalFilters, offset: number) =>
  queryOptions({
    queryKey: [...financeKeys.ratioIntervals(), filters, offset] as const,
    queryFn: ({ signal }) =>
      api('finance/ratio-intervals/', {
        schema: RatioIntervalListSchema,
        query: { ...filters, offset, limit: FINANCE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const createRatioInterval = (body: RatioIntervalInput) =>
  api('finance/ratio-intervals/', { method: 'POST', body, schema: RatioIntervalSchema })

export const updateRatioInterval = (id: number, body: RatioIntervalInput) =>
  api(`finance/ratio-intervals/${id}/`, { method: 'PUT', body, schema: RatioIntervalSchema })

export const endRatioInterval = (id: number, body: RatioIntervalEnd) =>
  api(`finance/ratio-intervals/${id}/end/`, { method: 'POST', body, schema: RatioIntervalSchema })

export const deleteRatioInterval = (id: number, correctExported: boolean) =>
  api(`finance/ratio-intervals/${id}/`, {
    method: 'DELETE',
    query: { correct_exported: correctExported },
  })

export const masterFilesQuery = (offset: number) =>
  queryOptions({
    queryKey: [...financeKeys.masterFiles(), offset] as const,
    queryFn: ({ signal }) =>
      api('finance/master-files/', {
        schema: MasterFileListSchema,
        query: { offset, limit: FINANCE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const uploadMasterFile = (form: FormData, options: UploadOptions) =>
  uploadWithProgress('finance/master-files/', form, MasterFileSchema, options)

export const financeExportsQuery = (offset: number) =>
  queryOptions({
    queryKey: [...financeKeys.exports(), offset] as const,
    queryFn: ({ signal }) =>
      api('finance/exports/', {
        schema: FinanceExportListSchema,
        query: { offset, limit: FINANCE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((row) => row.status === 'PROCESSING') ? EXPORT_POLL_MS : false,
  })

export const financeExportDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...financeKeys.exports(), 'detail', id] as const,
    queryFn: ({ signal }) =>
      api(`finance/exports/${id}/`, { schema: FinanceExportDetailSchema, signal }),
  })

export const startFinanceExport = (body: FinanceExportInput) =>
  api('finance/exports/', { method: 'POST', body, schema: FinanceExportSchema })

export const downloadFinanceExport = (id: number) =>
  api<Blob>(`finance/exports/${id}/download/`, { responseType: 'blob' })
