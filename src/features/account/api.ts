import { queryOptions } from '@tanstack/react-query'
import {
  type ChangePassword,
  type CurrentUserPatch,
  CurrentUserSchema,
  type Preferences,
  PreferencesSchema,
  type Registration,
  RegistrationVerifySchema,
  type ResetPassword,
  ResetVerifySchema,
  UsernameSuggestionSchema,
} from '../../../contract/auth'
import { api } from '../../api/client'
import { PREFERENCES_PATH } from '../auth/queries'

/** Form submissions show their own 400s under the fields, so the global handlers skip those. */
const FORM_STATUSES = [400]
/** An unknown, used or expired key is the page's own message, not a global error. */
export const KEY_STATUSES = [400, 404, 410]

export const updateCurrentUser = (patch: CurrentUserPatch) =>
  api('auth/current-user/', {
    method: 'PATCH',
    body: patch,
    schema: CurrentUserSchema,
    handledStatuses: FORM_STATUSES,
  })

export const changePassword = (payload: ChangePassword) =>
  api('auth/current-user/change-password/', {
    method: 'POST',
    body: payload,
    handledStatuses: FORM_STATUSES,
  })

export const updatePreferences = (patch: Partial<Preferences>) =>
  api(PREFERENCES_PATH, {
    method: 'PATCH',
    body: patch,
    schema: PreferencesSchema,
  })

export const register = (payload: Registration) =>
  api('auth/current-user/', {
    method: 'POST',
    body: payload,
    schema: CurrentUserSchema,
    handledStatuses: [...FORM_STATUSES, ...KEY_STATUSES, 409],
  })

export const resetPassword = (payload: ResetPassword) =>
  api('auth/reset-password/', {
    method: 'POST',
    body: payload,
    handledStatuses: [...FORM_STATUSES, ...KEY_STATUSES],
  })

export const accountKeys = {
  registrationKey: (key: string) => ['registration-key', key] as const,
  resetKey: (key: string) => ['reset-key', key] as const,
  usernameSuggestion: (names: UsernameSuggestionInput) => ['username-suggestion', names] as const,
}

/** Keys are single-use: always ask the server, never keep an answer. */
const keyCheck = { staleTime: 0, gcTime: 0, retry: false } as const

export const registrationKeyQuery = (key: string) =>
  queryOptions({
    queryKey: accountKeys.registrationKey(key),
    queryFn: ({ signal }) =>
      api('auth/register-user/verify/', {
        query: { key },
        schema: RegistrationVerifySchema,
        signal,
        handledStatuses: KEY_STATUSES,
      }),
    ...keyCheck,
  })

export const resetKeyQuery = (key: string) =>
  queryOptions({
    queryKey: accountKeys.resetKey(key),
    queryFn: ({ signal }) =>
      api('auth/reset-password/verify/', {
        query: { key },
        schema: ResetVerifySchema,
        signal,
        handledStatuses: KEY_STATUSES,
      }),
    ...keyCheck,
  })

export type UsernameSuggestionInput = {
  key: string
  first_name: string
  last_name: string
  email: string
}

export const usernameSuggestionQuery = (names: UsernameSuggestionInput) =>
  queryOptions({
    queryKey: accountKeys.usernameSuggestion(names),
    queryFn: ({ signal }) =>
      api('auth/register-user/username/', {
        query: names,
        schema: UsernameSuggestionSchema,
        signal,
        handledStatuses: [400, 404, 500, 503],
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
