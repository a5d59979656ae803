import { type UseQueryResult, useIsFetching, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { type CurrentUser, CurrentUserSchema } from '../../../contract/auth'
import { PermissionsSchema, type Role } from '../../../contract/roles'
import { ApiError } from '../../api/client'
import { storage } from '../../storage'
import { currentUserQuery, permissionsQuery } from './queries'

const NO_PERMISSIONS: Role[] = []

/** Data fetched before this page loaded was restored from storage and may be outdated. */
const PAGE_LOADED_AT = Date.now()

/** The query could not reach the server: it failed without an answer, or waits for a network. */
function unreachable(query: Pick<UseQueryResult, 'error' | 'fetchStatus'>): boolean {
  return (
    query.fetchStatus === 'paused' || (query.error instanceof ApiError && query.error.status === 0)
  )
}

/**
 * What the query answers, or while the server cannot be reached, the copy this device stored at
 * sign-in and at each visit (storage.ts). Only for showing: the server decides again whenever it
 * answers, and an answer refusing the session (401) signs the user out, copy and all.
 */
function withDeviceCopy<T>(
  query: UseQueryResult<T>,
  key: 'user' | 'permissions',
  schema: v.GenericSchema<unknown, T>,
): T | undefined {
  if (query.data !== undefined || !unreachable(query)) return query.data
  const stored = v.safeParse(schema, storage.get(key))
  return stored.success ? stored.output : undefined
}

/**
 * The signed-in user as the navigation guard left it in the cache. Pages outside the guard (the
 * not-found page, the public ones) opened by a full page load find the cache empty, or holding
 * the copy restored from storage (a clause since accepted, a session since ended): they ask the
 * server once, but only when this browser holds a session, so visitors cost no call. A user
 * fetched during this page load is kept; the guard alone refreshes it. Offline, the device's
 * copy keeps the signed-in shell.
 */
export function useSignedInUser(): CurrentUser | undefined {
  const query = useQuery({
    ...currentUserQuery(),
    enabled: storage.get('user') !== null,
    staleTime: (query) =>
      query.state.dataUpdatedAt >= PAGE_LOADED_AT ? Number.POSITIVE_INFINITY : 0,
    retry: false,
  })
  return withDeviceCopy(query, 'user', CurrentUserSchema)
}

/**
 * The signed-in user for the account pages, with whether it is the device's copy (the server
 * cannot be reached), or the query's loading and failure state while there is none.
 */
export function useAccountUser(): {
  user: CurrentUser | undefined
  fromDevice: boolean
  failed: boolean
} {
  const query = useQuery(currentUserQuery())
  const user = withDeviceCopy(query, 'user', CurrentUserSchema)
  return {
    user,
    fromDevice: user !== undefined && unreachable(query),
    failed: query.isError && user === undefined,
  }
}

/** Whether the signed-in user is being asked for (by the guard or by useSignedInUser). */
export function useSignedInUserLoading(): boolean {
  return useIsFetching({ queryKey: currentUserQuery().queryKey }) > 0
}

/** The signed-in user's permissions; none while signed out or still loading. */
export function usePermissions(): Role[] {
  const user = useSignedInUser()
  const query = useQuery({ ...permissionsQuery(), enabled: Boolean(user) })
  return withDeviceCopy(query, 'permissions', PermissionsSchema) ?? NO_PERMISSIONS
}
