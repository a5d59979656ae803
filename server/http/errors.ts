import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import type { ApiErrorBody, ErrorCode } from '../../contract/errors'
import { type ApiMessage, inEnglish, requestI18n, translate, withValues } from './i18n'
import { RequestValidationError } from './valibot'

/** Messages by field, each translated into the request's language when the error is answered. */
export type FieldProblems = Record<string, ApiMessage[]>

/**
 * An expected failure with its status and contract code; services throw these. The detail and
 * the field messages are Lingui descriptors, answered in the language the request asks for
 * (`Accept-Language`); the error's own `message` is the English detail, for logs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: ApiMessage,
    readonly fields?: FieldProblems,
  ) {
    super(inEnglish(detail))
  }
}

type Values = Record<string, unknown>

const described = (message: ApiMessage, values?: Values) =>
  values ? withValues(message, values) : message

export const badRequest = (detail: ApiMessage, fields?: FieldProblems) =>
  new HttpError(400, 'validation_error', detail, fields)

const fieldDetail = msg({ message: '{field}: {problem}' })

/** A 400 about one field, for rules checked in services (unique names, existing ids). */
export function fieldError(field: string, message: ApiMessage, values?: Values) {
  const problem = described(message, values)
  return new HttpError(400, 'validation_error', withValues(fieldDetail, { field, problem }), {
    [field]: [problem],
  })
}
/** A 400 whose detail says `what` and then every field's problems (`Invalid upload. file: …`). */
export function invalidFields(what: ApiMessage, fields: FieldProblems) {
  const summary = Object.entries(fields).map(([field, problem]) =>
    withValues(fieldDetail, { field, problem }),
  )
  return badRequest(withValues(msg({ message: '{what} {summary}' }), { what, summary }), fields)
}
export const notAuthenticated = (
  detail: ApiMessage = msg`Authentication credentials were not provided.`,
) => new HttpError(401, 'not_authenticated', detail)
export const permissionDenied = (
  detail: ApiMessage = msg`You do not have permission to perform this action.`,
  values?: Values,
) => new HttpError(403, 'permission_denied', described(detail, values))
export const notFound = (detail: ApiMessage = msg`Not found.`, values?: Values) =>
  new HttpError(404, 'not_found', described(detail, values))
export const conflict = (detail: ApiMessage, values?: Values) =>
  new HttpError(409, 'conflict', described(detail, values))

const codeForStatus: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'lock_expired',
  413: 'payload_too_large',
  415: 'validation_error',
  429: 'rate_limited',
  503: 'service_unavailable',
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws, as plain errors without
 * a status, for a form that is not well-formed: a boundary the body does not use or does not
 * name, a body cut short.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|.* terminated early due to unexpected end of multipart data)$/

function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  return request.isMultipart() && MALFORMED_MULTIPART.test(error.message)
}

const translateFields = (
  fields: FieldProblems,
  inLanguage: (message: ApiMessage) => string,
): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map(inLanguage)]),
  )

const fieldSummary = (fields: Record<string, string[]>) =>
  Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ')

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const i18n = requestI18n(request)
  const inLanguage = (message: ApiMessage) => translate(i18n, message)
  let status: number
  let body: ApiErrorBody
  if (error instanceof HttpError) {
    status = error.statusCode
    body = {
      detail: inLanguage(error.detail),
      code: error.code,
      ...(error.fields ? { fields: translateFields(error.fields, inLanguage) } : {}),
    }
  } else if (error instanceof RequestValidationError) {
    const fields = error.fieldsIn(i18n)
    status = 400
    body = {
      detail: inLanguage(
        withValues(msg({ message: 'Invalid {part}. {summary}' }), {
          part: error.part,
          summary: fieldSummary(fields),
        }),
      ),
      code: 'validation_error',
      fields,
    }
  } else if (isMalformedMultipart(error, request)) {
    status = 400
    body = {
      detail: inLanguage(
        withValues(msg({ message: 'The multipart form is malformed: {reason}.' }), {
          reason: error.message,
        }),
      ),
      code: 'validation_error',
    }
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode
    body = { detail: error.message, code: codeForStatus[status] ?? 'validation_error' }
  } else {
    request.log.error({ err: error }, 'unhandled error')
    status = 500
    body = { detail: inLanguage(msg`Internal server error.`), code: 'server_error' }
  }
  return reply.status(status).send(body)
}
