import { useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../../contract/auth'
import type { Role } from '../../../contract/roles'
import { storage } from '../../storage'
import { currentUserQuery, permissionsQuery } from './queries'

const NO_PERMISSIONS: Role[] = []

/**
 * The signed-in user as the navigation guard left it in the cache. Pages outside the guard (the
 * not-found page, the public ones) opened by a full page load find the cache empty: they ask the
 * server once, but only when this browser holds a session, so visitors cost no call. The guard
 * alone refreshes a known user.
 */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery({
    ...currentUserQuery(),
    enabled: storage.get('user') !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data
}

/** The signed-in user's permissions; none while signed out or still loading. */
export function usePermissions(): Role[] {
  const user = useSignedInUser()
  return useQuery({ ...permissionsQuery(), enabled: Boolean(user) }).data ?? NO_PERMISSIONS
}
