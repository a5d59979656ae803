import { notifications } from '@mantine/notifications'
import { HttpResponse, http } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { CurrentUser, InstanceSettings } from '../../contract/auth'
import { SESSION_HINT_COOKIE } from '../../contract/constants'
import type { CoordinatorCounters } from '../../contract/coordinator'
import type { ErrorCode } from '../../contract/errors'
import type { Role } from '../../contract/roles'

/** Fixtures and msw handlers for the API of the contract; every test file builds on these. */

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: 'anna',
    email: 'anna@example.org',
    first_name: 'Anna',
    last_name: 'Nowak',
    is_sso_account: false,
    is_traditional_account: true,
    is_active: true,
    endworker_profile: null,
    last_login: '2026-03-02T08:15:00Z',
    clause_accepted_date: '2026-01-10T12:00:00Z',
    cookie_policy_accepted_date: '2026-01-10T12:00:00Z',
    ...overrides,
  }
}

export function makeInstanceSettings(overrides: Partial<InstanceSettings> = {}): InstanceSettings {
  return {
    public_instance: false,
    backend_version: '3.1.4',
    sso_enabled: true,
    sso_provider_name: null,
    ...overrides,
  }
}

export const NO_COUNTERS: CoordinatorCounters = {
  users_with_alerts: 0,
  pending_profile_approvals: 0,
  pending_time_logs: 0,
}

/** An error answer in the contract's shape. */
export function apiError(status: number, detail: string, code: ErrorCode = 'server_error') {
  return HttpResponse.json({ detail, code }, { status })
}

type SessionOptions = {
  user?: CurrentUser
  permissions?: Role[]
  counters?: CoordinatorCounters
}

/** The calls a signed-in session makes: the user, their permissions, preferences, counters. */
/** What the server's sign-in leaves in the browser beside its HttpOnly session cookie. */
export function holdSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`
}

/** A browser that has never signed in, or whose session the server has ended. */
export function dropSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`
}

export function signedInHandlers({
  user = makeUser(),
  permissions = ['endworker'],
  counters = NO_COUNTERS,
}: SessionOptions = {}) {
  holdSessionHint()
  return [
    http.get('/api/auth/current-user/', () => HttpResponse.json(user)),
    http.get('/api/auth/current-user/permissions/', () => HttpResponse.json(permissions)),
    http.get('/api/auth/current-user/preferences/', () =>
      HttpResponse.json({
        play_on_hover: false,
        overlapping_playback: false,
        stt_end_after_no_speech: false,
      }),
    ),
    http.get('/api/coordinator/counters/', () => HttpResponse.json(counters)),
    ...emptyTimelogHandlers,
  ]
}

/** A user with no time logged yet: /timelogs/ (everyone's page) and its figures are empty. */
export const emptyTimelogHandlers = [
  http.get('/api/timelogs/stats/', () =>
    HttpResponse.json({
      tasks_time: 0,
      total_logged: 0,
      bonus_breaks_time: 0,
      paid_time: 0,
      pending_time: 0,
    }),
  ),
  http.get('/api/timelogs/intervals/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/timelogs/intervals/count/', () =>
    HttpResponse.json({ count: 0, all_pending_count: 0 }),
  ),
  http.get('/api/timelogs/intervals/active-days/', () => HttpResponse.json({ days: [] })),
  http.get('/api/timelogs/intervals/pending-days/', () => HttpResponse.json({ days: [] })),
  http.get('/api/timelogs/intervals/own-pending-count/', () => HttpResponse.json({ count: 0 })),
]

/** Nobody is signed in: the session calls answer 401. */
export const signedOutHandlers = [
  http.get('/api/auth/current-user/', () =>
    apiError(401, 'Authentication credentials were not provided.', 'not_authenticated'),
  ),
]

export function instanceSettingsHandler(settings: InstanceSettings = makeInstanceSettings()) {
  return http.get('/api/instance-settings/', () => HttpResponse.json(settings))
}

/**
 * Starts an msw server for the test file with the given handlers (instance settings answer by
 * default). A request without a handler fails loudly, so no test passes on an unplanned call.
 */
export function setupApiServer(...handlers: Parameters<typeof setupServer>): SetupServer {
  const server = setupServer(instanceSettingsHandler(), ...handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    notifications.clean()
  })
  afterAll(() => server.close())
  return server
}
