import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  AdminApiTokenListSchema,
  type ApiTokenCreate,
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
} from '../../../contract/api-tokens'
import { api } from '../../api/client'

/** Rows per page of the token lists. */
export const API_TOKEN_PAGE_SIZE = 20

export const apiTokenKeys = {
  own: () => ['auth', 'api-tokens'] as const,
  all: () => ['admin', 'api-tokens'] as const,
}

const page = (offset: number) => ({ offset, limit: API_TOKEN_PAGE_SIZE })

export const ownApiTokensQuery = (offset: number) =>
  queryOptions({
    queryKey: [...apiTokenKeys.own(), offset] as const,
    queryFn: ({ signal }) =>
      api('auth/tokens/', { schema: ApiTokenListSchema, query: page(offset), signal }),
    placeholderData: keepPreviousData,
    // Each call moves "last used": the list is read afresh on every visit.
    staleTime: 0,
  })

export const allApiTokensQuery = (offset: number) =>
  queryOptions({
    queryKey: [...apiTokenKeys.all(), offset] as const,
    queryFn: ({ signal }) =>
      api('admin/api-tokens/', { schema: AdminApiTokenListSchema, query: page(offset), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const createApiToken = (body: ApiTokenCreate) =>
  api('auth/tokens/', {
    method: 'POST',
    body,
    schema: ApiTokenCreatedSchema,
    handledStatuses: [400],
  })

export const revokeOwnApiToken = (id: number) => api(`auth/tokens/${id}/`, { method: 'DELETE' })
export const revokeAnyApiToken = (id: number) =>
  api(`admin/api-tokens/${id}/`, { method: 'DELETE' })
