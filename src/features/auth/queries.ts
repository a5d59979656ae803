import { queryOptions } from '@tanstack/react-query'
import {
  CurrentUserSchema,
  InstanceSettingsSchema,
  LanguageListSchema,
  PolicyTextSchema,
  type Preferences,
  PreferencesSchema,
} from '../../../contract/auth'
import { INSTANCE_SETTINGS_TIMEOUT_MS } from '../../../contract/constants'
import { PermissionsSchema } from '../../../contract/roles'
import { ApiError, api } from '../../api/client'
import { storage } from '../../storage'

/** Query keys of the session and account area. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  permissions: () => [...authKeys.all, 'permissions'] as const,
  preferences: () => [...authKeys.all, 'preferences'] as const,
  instanceSettings: () => ['instance-settings'] as const,
  policyText: (kind: PolicyKind) => ['policy-text', kind] as const,
  languages: () => ['languages'] as const,
}

export type PolicyKind = 'information-clause' | 'cookie-policy'

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) =>
      api('auth/current-user/', { schema: CurrentUserSchema, signal, handledStatuses: [401, 403] }),
  })

export const permissionsQuery = () =>
  queryOptions({
    queryKey: authKeys.permissions(),
    queryFn: ({ signal }) =>
      api('auth/current-user/permissions/', {
        schema: PermissionsSchema,
        signal,
        handledStatuses: [401, 403],
      }),
  })

const ALL_FALSE = {
  play_on_hover: false,
  overlapping_playback: false,
  stt_end_after_no_speech: false,
}

/** The preferences stored at the last sign-in or visit (storage.ts), false where none is. */
function storedPreferences(): Preferences {
  return {
    play_on_hover: storage.get('play_on_hover') ?? false,
    overlapping_playback: storage.get('overlapping_playback') ?? false,
    stt_end_after_no_speech: storage.get('stt_end_after_no_speech') ?? false,
  }
}

export const PREFERENCES_PATH = 'auth/current-user/preferences/'

/**
 * A failed preference fetch defaults all three to false (spec section 8); offline, the device
 * keeps the ones it stored.
 */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: authKeys.preferences(),
    queryFn: ({ signal }) =>
      api(PREFERENCES_PATH, { schema: PreferencesSchema, signal }).catch((error: unknown) =>
        error instanceof ApiError && error.status === 0 ? storedPreferences() : ALL_FALSE,
      ),
  })

export const instanceSettingsQuery = () =>
  queryOptions({
    queryKey: authKeys.instanceSettings(),
    queryFn: ({ signal }) =>
      api('instance-settings/', {
        schema: InstanceSettingsSchema,
        signal,
        timeoutMs: INSTANCE_SETTINGS_TIMEOUT_MS,
        handledStatuses: [401, 403, 404, 500, 503],
      }),
    retry: false,
    staleTime: 5 * 60_000,
  })

/** Clause texts are fetched fresh each time (no-cache), so an update is seen at once. */
export const policyTextQuery = (kind: PolicyKind) =>
  queryOptions({
    queryKey: authKeys.policyText(kind),
    queryFn: ({ signal }) =>
      api(`${kind}/`, {
        schema: PolicyTextSchema,
        signal,
        headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
        handledStatuses: [404, 500, 503],
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export const languagesQuery = () =>
  queryOptions({
    queryKey: authKeys.languages(),
    queryFn: ({ signal }) => api('languages/', { schema: LanguageListSchema, signal }),
    staleTime: 10 * 60_000,
  })
