import type { ReactNode } from 'react'
import type { ApiToken } from '../../../contract/api-tokens'
import type { CurrentUser, EndworkerProfile } from '../../../contract/auth'
import { createTestQueryClient, renderWithRouter } from '../../test/render'
import { authKeys } from '../auth/queries'

export function makeProfile(overrides: Partial<EndworkerProfile> = {}): EndworkerProfile {
  return {
    id: 3,
    survey_data: {},
    user: { id: 7 },
    main_language: 1,
    languages: [1, 2],
    native_languages: [1],
    gender: null,
    birth_year: null,
    availability: 20,
    approval: null,
    ...overrides,
  }
}

export const languages = [
  { id: 1, code: 'pl', name: 'Polish' },
  { id: 2, code: 'en', name: 'English' },
  { id: 3, code: 'fr', name: 'French' },
]

/**
 * `renderWithRouter` with `user` signed in as the navigation guard leaves it (in the query cache);
 * without `user` nobody is signed in.
 */
export function renderWithUser(
  ui: ReactNode,
  { user, ...options }: { user?: CurrentUser; path?: string; cookiesAccepted?: boolean } = {},
) {
  const queryClient = createTestQueryClient()
  if (user) queryClient.setQueryData(authKeys.currentUser(), user)
  return renderWithRouter(ui, { ...options, queryClient })
}

/** A live API token of the lists, as the server answers it. */
export const apiToken = (id: number, overrides: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name: `token ${id}`,
  prefix: `cw_abcdef0${id}`,
  created_at: '2030-01-01T10:00:00Z',
  expires_at: '2999-04-01T10:00:00Z',
  last_used_at: null,
  last_used_address: null,
  ...overrides,
})
