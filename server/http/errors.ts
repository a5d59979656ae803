import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiErrorBody, ErrorCode } from '../../contract/errors'
import { RequestValidationError } from './valibot'

/** An expected failure with its status and contract code; services throw these. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    detail: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(detail)
  }
}

export const badRequest = (detail: string, fields?: Record<string, string[]>) =>
  new HttpError(400, 'validation_error', detail, fields)
/** A 400 about one field, for rules checked in services (unique names, existing ids). */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_error', `${field}: ${message}`, { [field]: [message] })
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, 'not_authenticated', detail)
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, 'permission_denied', detail)
export const notFound = (detail = 'Not found.') => new HttpError(404, 'not_found', detail)
export const conflict = (detail: string) => new HttpError(409, 'conflict', detail)

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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status: number
  let body: ApiErrorBody
  if (error instanceof HttpError) {
    status = error.statusCode
    body = {
      detail: error.message,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
    }
  } else if (error instanceof RequestValidationError) {
    const fields = error.fields
    const summary = Object.entries(fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ')
    status = 400
    body = { detail: `Invalid ${error.part}. ${summary}`, code: 'validation_error', fields }
  } else if (isMalformedMultipart(error, request)) {
    status = 400
    body = {
      detail: `The multipart form is malformed: ${error.message}.`,
      code: 'validation_error',
    }
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode
    body = { detail: error.message, code: codeForStatus[status] ?? 'validation_error' }
  } else {
    request.log.error({ err: error }, 'unhandled error')
    status = 500
    body = { detail: 'Internal server error.', code: 'server_error' }
  }
  return reply.status(status).send(body)
}
