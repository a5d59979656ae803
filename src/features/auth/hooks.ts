import { useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../../contract/auth'
import type { Role } from '../../../contract/roles'
import { currentUserQuery, permissionsQuery } from './queries'

const NO_PERMISSIONS: Role[] = []

/**
 * The signed-in user as the navigation guard left it in the cache. This never asks the server
 * itself: on public pages nobody is signed in and the question is not worth a call.
 */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery({ ...currentUserQuery(), enabled: false }).data
}

/** The signed-in user's permissions; none while signed out or still loading. */
export function usePermissions(): Role[] {
  const user = useSignedInUser()
  return useQuery({ ...permissionsQuery(), enabled: Boolean(user) }).data ?? NO_PERMISSIONS
}
