import { useIsFetching, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../../contract/auth'
import type { Role } from '../../../contract/roles'
import { storage } from '../../storage'
import { currentUserQuery, permissionsQuery } from './queries'

const NO_PERMISSIONS: Role[] = []

/** Data fetched before this page loaded was restored from storage and may be outdated. */
const PAGE_LOADED_AT = Date.now()

/**
 * The signed-in user as the navigation guard left it in the cache. Pages outside the guard (the
 * not-found page, the public ones) opened by a full page load find the cache empty, or holding
 * the copy restored from storage (a clause since accepted, a session since ended): they ask the
 * server once, but only when this browser holds a session, so visitors cost no call. A user
 * fetched during this page load is kept; the guard alone refreshes it.
 */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery({
    ...currentUserQuery(),
    enabled: storage.get('user') !== null,
    staleTime: (query) =>
      query.state.dataUpdatedAt >= PAGE_LOADED_AT ? Number.POSITIVE_INFINITY : 0,
    retry: false,
  }).data
}

/** Whether the signed-in user is being asked for (by the guard or by useSignedInUser). */
export function useSignedInUserLoading(): boolean {
  return useIsFetching({ queryKey: currentUserQuery().queryKey }) > 0
}

/** The signed-in user's permissions; none while signed out or still loading. */
export function usePermissions(): Role[] {
  const user = useSignedInUser()
  return useQuery({ ...permissionsQuery(), enabled: Boolean(user) }).data ?? NO_PERMISSIONS
}
