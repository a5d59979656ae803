/** Business constants of the spec's section 9, shared by the web client, the worker and the server. */
export const API_BASE = '/api'
/** Where the API describes itself: its index, its interactive documentation and its schema. */
export const API_INDEX_PATH = `${API_BASE}/`
export const API_DOCS_PATH = `${API_BASE}/docs`
export const API_SCHEMA_PATH = `${API_BASE}/schema/`

export const USERNAME_MIN_LENGTH = 3
export const GENDERS = ['male', 'female'] as const
export type Gender = (typeof GENDERS)[number]

/** Weekly availability is given in hours; a week has 168 of them, which is the upper limit. */
export const AVAILABILITY_MAX_HOURS = 168

export const MENU_COUNTER_REFRESH_MS = 300_000
export const INSTANCE_SETTINGS_TIMEOUT_MS = 3_000
export const LOGIN_ERROR_COUNTDOWN_MS = 1_000
export const UNAUTHORIZED_LOGOUT_DELAY_MS = 2_000

export const NOTIFICATION_TIMEOUT_MS = 3_000
export const SUCCESS_NOTIFICATION_MS = 1_000
export const ERROR_NOTIFICATION_MS = 5_000

/** Minutes an item set stays locked to its worker when the task type sets no custom lock time. */
export const DEFAULT_ITEM_SET_LOCK_MINUTES = 120

export const DEFAULT_PAGE_SIZE = 10
export const MOBILE_MAX_WIDTH = 500
export const CLIENT_BADGE_COLOURS = 9

export const DATE_FORMAT = 'DD MMM YYYY'
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm'
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss'

export const DISPLAY_LANGUAGES = ['en', 'fr', 'pl', 'ru'] as const
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number]
export const DEFAULT_DISPLAY_LANGUAGE: DisplayLanguage = 'en'

/** Names of the cookies and header that existing clients of this API expect. */
export const SESSION_COOKIE = 'sessionid'
export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'x-csrftoken'
/**
 * Set beside the HttpOnly session cookie with the same lifetime, readable by scripts and holding
 * nothing secret: the app asks the server for the signed-in user only when this browser holds a
 * session, so a signed-out visit makes no call that is bound to fail.
 */
export const SESSION_HINT_COOKIE = 'signedin'
/** Binds single-sign-on logins under way to the browser that started them (HttpOnly). */
export const SSO_BROWSER_COOKIE = 'sso_browser'
/** Carries a signed-out single-sign-on session's ID token to the provider logout (HttpOnly). */
export const SSO_LOGOUT_COOKIE = 'sso_logout'
