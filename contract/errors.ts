import * as v from 'valibot'

/**
 * Machine-readable error codes. The server answers `{detail, code, fields?}`; the web client maps
 * the code (and the HTTP status) to the spec's messages, never showing raw server text unless the
 * spec says so (the login 401 detail).
 */
export const ERROR_CODES = [
  'validation_error',
  'not_authenticated',
  'authentication_failed',
  'account_deactivated',
  'account_anonymized',
  'token_invalid',
  'token_expired',
  'token_revoked',
  'token_with_session',
  'permission_denied',
  'csrf_failed',
  'not_found',
  'method_not_allowed',
  'conflict',
  'lock_expired',
  'task_finished',
  'quality_stopped',
  'idempotency_key_reused',
  'payload_too_large',
  'rate_limited',
  'service_unavailable',
  'sso_not_configured',
  'invalid_key',
  'server_error',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

export const ApiErrorBodySchema = v.object({
  detail: v.string(),
  code: v.picklist(ERROR_CODES),
  /** Per-field messages for 400s, keyed by the dotted field path (`endworker_profile.birth_year`). */
  fields: v.optional(v.record(v.string(), v.array(v.string()))),
})

export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>
