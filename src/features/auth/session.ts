import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type CurrentUser,
  CurrentUserSchema,
  type LoginRequest,
  SsoLogoutSchema,
} from '../../../contract/auth'
import { SESSION_HINT_COOKIE } from '../../../contract/constants'
import type { Role } from '../../../contract/roles'
import { ApiError, api } from '../../api/client'
import { queryPersister } from '../../api/query-client'
import { storage } from '../../storage'
import { authKeys, currentUserQuery, permissionsQuery, preferencesQuery } from './queries'

/**
 * Signs in with the traditional form. The login 401 is left to the form (it shows the server's
 * detail with its countdown), so no global handler logs the visitor out meanwhile.
 */
export async function signIn(
  queryClient: QueryClient,
  credentials: LoginRequest,
): Promise<CurrentUser> {
  const user = await api('auth/session/login/', {
    method: 'POST',
    body: credentials,
    schema: CurrentUserSchema,
    handledStatuses: [400, 401, 403, 429],
  })
  queryClient.setQueryData(authKeys.currentUser(), user)
  storage.set('user', user)
  await loadSessionData(queryClient)
  return user
}

/** After sign-in (or auto-login) the permissions and preferences are fetched and stored. */
export async function loadSessionData(queryClient: QueryClient): Promise<Role[]> {
  const [permissions, preferences] = await Promise.all([
    queryClient.fetchQuery(permissionsQuery()),
    queryClient.fetchQuery(preferencesQuery()),
  ])
  storage.set('permissions', permissions)
  storage.set('play_on_hover', preferences.play_on_hover)
  storage.set('overlapping_playback', preferences.overlapping_playback)
  storage.set('stt_end_after_no_speech', preferences.stt_end_after_no_speech)
  return permissions
}

let userVerifiedThisPageLoad = false

/**
 * Tries the session cookie: the signed-in user, or null when there is none. Offline, the stored
 * user keeps the app usable until the server can be asked again.
 */
export async function autoLogin(queryClient: QueryClient): Promise<CurrentUser | null> {
  // A signed-out visit asks nothing (a 401 is no error, but the browser logs it as one). A user
  // stored before the hint cookie existed is still checked once.
  if (!mayHoldSession()) return null
  try {
    // No retries: the navigation guard waits on this call. The first call of a page load asks
    // the server, since the cache restored from storage may hold a user whose session ended or
    // whose record changed (an accepted clause) after it was saved.
    const options = { ...currentUserQuery(), retry: false }
    // Signed-in pages check the permissions next: asked for beside the user, the page's own data
    // can be asked for a round trip sooner (an area's guard gets this answer, or this call).
    if (!userVerifiedThisPageLoad) {
      void queryClient.prefetchQuery({ ...permissionsQuery(), retry: false, staleTime: 0 })
    }
    const user = userVerifiedThisPageLoad
      ? await queryClient.ensureQueryData(options)
      : await queryClient.fetchQuery({ ...options, staleTime: 0 })
    userVerifiedThisPageLoad = true
    storage.set('user', user)
    return user
  } catch (error) {
    if (isOffline(error)) {
      return standInFromDevice(queryClient, authKeys.currentUser(), 'user', CurrentUserSchema)
    }
    if (error instanceof ApiError && error.status === 401) {
      storage.remove('user')
      forgetSessionHint()
    }
    return null
  }
}

/**
 * Whether this browser may hold a session: the session cookie's script-readable companion, or a
 * user stored before that companion existed. Otherwise the visitor is signed out, asking nothing.
 */
export function mayHoldSession(): boolean {
  return hasSessionHint() || storage.get('user') !== null
}

/** Whether this browser holds a session cookie, told by its script-readable companion. */
export function hasSessionHint(): boolean {
  return document.cookie
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`))
}

/**
 * Drops the session cookie's companion once the session is known to be over. The server drops it
 * at its own sign-out, but not when the session ended elsewhere (a password reset): left behind,
 * every visit to the login page would ask for the user again and log a 401.
 */
function forgetSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`
}

/**
 * Finishes a single-sign-on return: the server has just set the session cookie, so the user is
 * asked for afresh and the session data is loaded as after a form sign-in. Null when the server
 * knows no signed-in user (the identity provider refused, or the account is not usable).
 */
export async function completeSingleSignOn(queryClient: QueryClient): Promise<CurrentUser | null> {
  try {
    const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0, retry: false })
    storage.set('user', user)
    await loadSessionData(queryClient)
    return user
  } catch {
    return null
  }
}

/**
 * The copy of the user (or permissions) this device stored, put in the query cache while the
 * server cannot be reached, so every screen shows the signed-in shell offline. It is dated at
 * the epoch: any screen that mounts asks the server again, and an answer replaces it (a 401
 * signs the user out). Null when the device holds no valid copy.
 */
export function standInFromDevice<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  key: 'user' | 'permissions',
  schema: v.GenericSchema<unknown, T>,
): T | null {
  const stored = v.safeParse(schema, storage.get(key))
  if (!stored.success) return null
  if (queryClient.getQueryData(queryKey) === undefined) {
    queryClient.setQueryData(queryKey, stored.output, { updatedAt: 0 })
  }
  return stored.output
}

export function isOffline(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 0
}

/** What a sign-out tells the work that must finish before it (the activity tracker). */
export type SignOutContext = {
  /** False when the server has already ended the session: nothing can be sent under it. */
  sessionValid: boolean
}
type BeforeSignOutListener = (context: SignOutContext) => unknown

/** How long sign-out waits for that work (a slow connection must not keep the user signed in). */
export const BEFORE_SIGN_OUT_LIMIT_MS = 5000

const listeners = new Set<BeforeSignOutListener>()

/**
 * Runs before sign-out, which waits for what it returns (at most `BEFORE_SIGN_OUT_LIMIT_MS`): the
 * activity tracker sends its last sample while the session still accepts it.
 */
export function beforeSignOut(listener: BeforeSignOutListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

async function finishBeforeSignOut(context: SignOutContext): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BEFORE_SIGN_OUT_LIMIT_MS)
  })
  const finished = Promise.allSettled([...listeners].map(async (listener) => listener(context)))
  await Promise.race([finished, limit])
  clearTimeout(timer)
}

/**
 * Ends the session on the server (form and single-sign-on sessions), clears what is stored (the
 * protected audio keys kept for offline work among it) and tells other tabs. `isSessionValid` false skips the server calls: the session is already gone.
 * Answers where the browser ends the identity provider's session too, when the session was a
 * single-sign-on one and the provider offers that; the caller decides whether to go there.
 */
export async function signOut(
  queryClient: QueryClient,
  { isSessionValid = true } = {},
): Promise<string | null> {
  await finishBeforeSignOut({ sessionValid: isSessionValid })
  let providerLogoutUrl: string | null = null
  if (isSessionValid) {
    const silent = { method: 'POST' as const, handledStatuses: [401, 403, 404, 500, 503] }
    await api('auth/session/logout/', silent).catch(() => undefined)
    const ssoLogout = await api('auth/oidc/logout/', { ...silent, schema: SsoLogoutSchema }).catch(
      () => null,
    )
    providerLogoutUrl = ssoLogout?.logout_url ?? null
  }
  clearLocalSession(queryClient)
  // Unreadable offline storage (private mode) holds no key, and must not keep anyone signed in.
  // Loaded here: the offline database is no part of the start-up script.
  await import('../../offline/media-keys')
    .then(({ clearMediaKeys }) => clearMediaKeys())
    .catch(() => undefined)
  storage.set('logoutSignal', Date.now())
  return providerLogoutUrl
}

/**
 * Where the browser goes after signOut: the identity provider's logout when it answered one (the
 * provider sends the browser back to /login), otherwise `toLogin`.
 */
export async function leaveAfterSignOut(
  providerLogoutUrl: string | null | undefined,
  toLogin: () => Promise<unknown>,
): Promise<void> {
  if (providerLogoutUrl) window.location.assign(providerLogoutUrl)
  else await toLogin()
}

export function clearLocalSession(queryClient: QueryClient): void {
  userVerifiedThisPageLoad = false
  forgetSessionHint()
  storage.clearSession()
  queryClient.removeQueries({ queryKey: authKeys.all })
  queryClient.clear()
  // The cache's stored copy is rewritten a second later at most; a sign-out that leaves the page
  // at once (to the identity provider) would find the signed-in user restored on its return.
  void queryPersister.removeClient()
}

/** Calls `onLogout` when another tab signs out. */
export function listenForLogoutInOtherTabs(onLogout: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === 'logoutSignal' && event.newValue) onLogout()
  }
  window.addEventListener('storage', handler)
  return () => window.removeEventListener('storage', handler)
}
