import type { ParsedLocation } from '@tanstack/react-router'
import { redirect } from '@tanstack/react-router'
import type { CurrentUser } from '../../../contract/auth'
import { hasPermission, PermissionsSchema, type Role } from '../../../contract/roles'
import type { RouterContext } from '../../router-context'
import { storage } from '../../storage'
import { authKeys, permissionsQuery } from './queries'
import { autoLogin, isOffline, signOut, standInFromDevice } from './session'

type GuardArguments = { context: RouterContext; location: ParsedLocation }

function toLogin(location: ParsedLocation) {
  return redirect({ to: '/login', search: { redirect: location.href } })
}

/** For every page behind sign-in: tries the session first, else sends the visitor to log in. */
export async function requireSession({ context, location }: GuardArguments): Promise<{
  user: CurrentUser
}> {
  const user = await autoLogin(context.queryClient)
  if (!user) throw toLogin(location)
  return { user }
}

/**
 * Guards an area: permissions are fetched again (a role may have been granted or withdrawn since),
 * staff pass every check, anyone else without the role is shown /403.
 */
export function requirePermission(role: Role) {
  return async ({ context, location }: GuardArguments): Promise<void> => {
    const permissions = await loadPermissions({ context, location })
    if (!hasPermission(permissions, role)) throw redirect({ to: '/403' })
  }
}

async function loadPermissions({ context, location }: GuardArguments): Promise<Role[]> {
  try {
    // No retries: a navigation must not hang while a broken call is tried again.
    const permissions = await context.queryClient.fetchQuery({
      ...permissionsQuery(),
      retry: false,
    })
    storage.set('permissions', permissions)
    return permissions
  } catch (error) {
    // Offline, the permissions known from the last visit keep the app usable.
    const stored = isOffline(error)
      ? standInFromDevice(
          context.queryClient,
          authKeys.permissions(),
          'permissions',
          PermissionsSchema,
        )
      : null
    if (stored) return stored
    // The spec's 'Permissions fetch failure': authentication is reset and the user signs in again.
    // Ending the server session too keeps the login page from sending the user straight back.
    await signOut(context.queryClient)
    storage.set('permissions', [])
    throw toLogin(location)
  }
}
