import * as v from 'valibot'
import { API_BASE, CSRF_COOKIE } from '../../contract/constants'
import { ApiErrorBodySchema, type ErrorCode } from '../../contract/errors'
import { currentDisplayLanguage } from '../i18n/i18n'

/** Codes the client itself produces when no server answer could be read. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response'

/**
 * Every failed call throws this. `status` 0 means no answer (offline, time-out). The UI maps
 * `status`/`code` to the spec's messages; the client never shows notifications itself.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    readonly detail: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

export type ApiErrorListener = (error: ApiError, request: { method: string; path: string }) => void

const listeners = new Set<ApiErrorListener>()

/** The app shell listens here to apply the spec's global error handling (section 8). */
export function onApiError(listener: ApiErrorListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export type RequestOptions<TOutput> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
  body?: unknown
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>
  /** The contract schema the answer must match; without it the answer is returned unchecked. */
  schema?: v.GenericSchema<unknown, TOutput>
  signal?: AbortSignal
  timeoutMs?: number
  headers?: Record<string, string>
  /** Statuses the caller handles itself, kept from the global handlers (e.g. the login 401). */
  handledStatuses?: number[]
  responseType?: 'json' | 'blob'
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/** The CSRF token for unsafe calls, fetched first when the cookie is missing (also for XHR uploads). */
export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE)
  if (existing) return existing
  await fetch(`${API_BASE}/auth/csrf/`, { credentials: 'same-origin' })
  return readCookie(CSRF_COOKIE) ?? ''
}

export function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = new URL(`${API_BASE}/${path.replace(/^\//, '')}`, window.location.origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
    else url.searchParams.set(key, String(value))
  }
  return url.pathname + url.search
}

const defaultHeaders = (): Record<string, string> => ({
  Accept: 'application/json',
  'Accept-Language': currentDisplayLanguage(),
})

/** Answers of GETs started before the code that makes them had arrived, by URL. */
const earlyAnswers = new Map<string, Promise<Response>>()

/**
 * Starts the GETs a page's loader will make while the page's code is still downloading (the
 * start-up page, src/router.tsx): the loader's own `api` call then takes the answer instead of
 * asking again, a round trip sooner on a slow network. An answer is taken once; those not taken
 * by the time the page has loaded are dropped (`dropEarlyAnswers`), so later calls ask afresh.
 */
export function requestEarly(path: string): void {
  const url = buildUrl(path)
  if (earlyAnswers.has(url)) return
  const answer = fetch(url, { headers: defaultHeaders(), credentials: 'same-origin' })
  // A failure is the taking call's to report; one nobody takes is not an unhandled rejection.
  answer.catch(() => undefined)
  earlyAnswers.set(url, answer)
}

export function dropEarlyAnswers(): void {
  earlyAnswers.clear()
}

/** The early answer to a plain GET of `url`, taken out of the waiting ones. */
function takeEarlyAnswer(url: string, options: RequestOptions<unknown>): Promise<Response> | null {
  const plainGet = (options.method ?? 'GET') === 'GET' && !options.headers && !options.timeoutMs
  const answer = plainGet ? earlyAnswers.get(url) : undefined
  if (!answer) return null
  earlyAnswers.delete(url)
  return answer
}

export async function api<TOutput = unknown>(
  path: string,
  options: RequestOptions<TOutput> = {},
): Promise<TOutput> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { ...defaultHeaders(), ...options.headers }
  const isForm = options.body instanceof FormData
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  if (UNSAFE_METHODS.has(method)) headers['X-CSRFToken'] = await ensureCsrfToken()

  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ]
  const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => Boolean(s)))
  const request = { method, path }

  const url = buildUrl(path, options.query)
  let response: Response
  try {
    response = await (takeEarlyAnswer(url, options) ??
      fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        signal,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
      }))
  } catch (error) {
    if (options.signal?.aborted) throw error
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new ApiError(0, timedOut ? 'timeout' : 'network_error', String(error))
  }

  if (!response.ok) {
    const failure = await readError(response)
    reportApiError(failure, request, options.handledStatuses)
    throw failure
  }
  if (options.responseType === 'blob') return (await response.blob()) as TOutput
  const text = await response.text()
  const data: unknown = text ? JSON.parse(text) : null
  if (!options.schema) return data as TOutput
  const parsed = v.safeParse(options.schema, data)
  if (!parsed.success) {
    const where = parsed.issues.map((issue) => v.getDotPath(issue) ?? '(root)').join(', ')
    throw new ApiError(
      response.status,
      'invalid_response',
      `Unexpected answer from ${path} at ${where}`,
    )
  }
  return parsed.output
}

/**
 * Hands a failure to the global handlers unless the caller handles its status itself. Exported
 * for calls made without fetch (the upload's XMLHttpRequest, which reports progress).
 */
export function reportApiError(
  failure: ApiError,
  request: { method: string; path: string },
  handledStatuses?: number[],
): void {
  if (handledStatuses?.includes(failure.status)) return
  for (const listener of listeners) listener(failure, request)
}

/** The contract's error body of a failed answer as an ApiError. */
export async function readError(response: Response): Promise<ApiError> {
  try {
    const body = v.parse(ApiErrorBodySchema, await response.json())
    return new ApiError(response.status, body.code, body.detail, body.fields)
  } catch {
    return new ApiError(
      response.status,
      'server_error',
      response.statusText || `HTTP ${response.status}`,
    )
  }
}
