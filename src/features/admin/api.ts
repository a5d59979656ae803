import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  AdminClientGroupListSchema,
  AdminClientGroupSchema,
  AdminLanguageListSchema,
  AdminLanguageSchema,
  AdminProjectListSchema,
  AdminProjectSchema,
  type AdminUserCreate,
  AdminUserListSchema,
  AdminUserSchema,
  type AdminUserUpdate,
  EndworkerGroupListSchema,
  EndworkerGroupSchema,
  TimelogTypeListSchema,
  TimelogTypeSchema,
} from '../../../contract/admin'
import { MAX_PAGE_SIZE } from '../../../contract/client-definitions'
import type { Paged } from '../../../contract/common'
import { api } from '../../api/client'

export const adminKeys = { all: ['admin'] as const }

/** Query parameters of an admin list: search, ordering, page window and a list's own filters. */
export type AdminListQuery = Record<string, string | number | undefined>

/** The calls of one admin collection at /api/admin/<path>/ and the query keys of its lists. */
export type AdminCollection<TItem extends { id: number }> = {
  key: readonly unknown[]
  list: (query: AdminListQuery) => ReturnType<typeof listOptions<TItem>>
  create: (body: unknown) => Promise<TItem>
  replace: (id: number, body: unknown) => Promise<TItem>
  remove: (id: number) => Promise<unknown>
}

function listOptions<TItem>(
  key: readonly unknown[],
  path: string,
  schema: v.GenericSchema<unknown, Paged<TItem>>,
  query: AdminListQuery,
) {
  return queryOptions({
    queryKey: [...key, query] as const,
    queryFn: ({ signal }) => api(path, { schema, query, signal }),
    placeholderData: keepPreviousData,
  })
}

function collection<TItem extends { id: number }>(
  path: string,
  listSchema: v.GenericSchema<unknown, Paged<TItem>>,
  itemSchema: v.GenericSchema<unknown, TItem>,
): AdminCollection<TItem> {
  const base = `admin/${path}/`
  const key = [...adminKeys.all, path] as const
  return {
    key,
    list: (query) => listOptions(key, base, listSchema, query),
    create: (body) => api(base, { method: 'POST', body, schema: itemSchema }),
    replace: (id, body) => api(`${base}${id}/`, { method: 'PUT', body, schema: itemSchema }),
    remove: (id) => api(`${base}${id}/`, { method: 'DELETE' }),
  }
}

export const endworkerGroupsApi = collection(
  'endworker-groups',
  EndworkerGroupListSchema,
  EndworkerGroupSchema,
)
export const clientGroupsApi = collection(
  'client-groups',
  AdminClientGroupListSchema,
  AdminClientGroupSchema,
)
export const languagesApi = collection('languages', AdminLanguageListSchema, AdminLanguageSchema)
export const projectsApi = collection('projects', AdminProjectListSchema, AdminProjectSchema)
export const timelogTypesApi = collection('timelog-types', TimelogTypeListSchema, TimelogTypeSchema)

const USERS = 'admin/users/'
const usersKey = [...adminKeys.all, 'users'] as const

export const usersApi = {
  key: usersKey,
  list: (query: AdminListQuery) => listOptions(usersKey, USERS, AdminUserListSchema, query),
  create: (body: AdminUserCreate) => api(USERS, { method: 'POST', body, schema: AdminUserSchema }),
  update: (id: number, body: AdminUserUpdate) =>
    api(`${USERS}${id}/`, { method: 'PATCH', body, schema: AdminUserSchema }),
}

/** Every entry of a collection, by name, for the pickers of the forms. */
export const everyEntry = <TItem extends { id: number }>(
  api: Pick<AdminCollection<TItem>, 'list'>,
  ordering = 'name',
) => api.list({ ordering, offset: 0, limit: MAX_PAGE_SIZE })
