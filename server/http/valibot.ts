import type { I18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { toJsonSchema } from '@valibot/to-json-schema'
import type {
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify'
import * as v from 'valibot'
import { msg } from '#lingui-message'
import { NOT_AN_OBJECT_MESSAGE } from '../../contract/common'
import { messageOfText } from '../../contract/english-message'
import type { FieldProblems } from './errors'
import { type ApiMessage, translate, withValues } from './i18n'
import { unstorableText } from './stored-text'

/** Lets route handlers see the valibot output types of their body, query, params and replies. */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown
}

export type AppPlugin = FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  ValibotTypeProvider
>

export type FieldMessages = Record<string, string[]>

/** Messages grouped by field; own keys only, so a field named `__proto__` is a field too. */
function fieldProblems(messages: [field: string, message: ApiMessage][]): FieldProblems {
  const grouped = new Map<string, ApiMessage[]>()
  for (const [field, message] of messages)
    grouped.set(field, [...(grouped.get(field) ?? []), message])
  return Object.fromEntries(grouped)
}

/**
 * English text as a message: the contract's messages (made with `english`) as they were written,
 * with their values; other text translated where the catalog has that English message, shown as
 * it is elsewhere.
 */
export const englishText = (text: string): ApiMessage =>
  messageOfText(text) ?? { id: generateMessageId(text), message: text }

/** valibot's own messages, `Invalid type: Expected string but received 5`, by their label. */
const VALIBOT_MESSAGE = /^Invalid (\w+): (?:Expected (.+) but r|R)eceived (.+)$/s
const valibotMessages: Record<string, { expecting: ApiMessage; receiving: ApiMessage }> = {
  type: {
    expecting: msg({ message: 'Invalid type: Expected {expected} but received {received}' }),
    receiving: msg({ message: 'Invalid type: Received {received}' }),
  },
  value: {
    expecting: msg({ message: 'Invalid value: Expected {expected} but received {received}' }),
    receiving: msg({ message: 'Invalid value: Received {received}' }),
  },
  key: {
    expecting: msg({ message: 'Invalid key: Expected {expected} but received {received}' }),
    receiving: msg({ message: 'Invalid key: Received {received}' }),
  },
  length: {
    expecting: msg({ message: 'Invalid length: Expected {expected} but received {received}' }),
    receiving: msg({ message: 'Invalid length: Received {received}' }),
  },
}

/** An issue's message, translatable: valibot's own ones by their parts, the contract's by text. */
function issueMessage(issue: v.BaseIssue<unknown>): ApiMessage {
  const [, label = '', expected, received] = VALIBOT_MESSAGE.exec(issue.message) ?? []
  const messages = valibotMessages[label]
  if (!messages) return englishText(issue.message)
  return expected === undefined
    ? withValues(messages.receiving, { received })
    : withValues(messages.expecting, { expected, received })
}

const issueProblems = (issues: v.BaseIssue<unknown>[]) =>
  fieldProblems(
    issues.map((issue) => [v.getDotPath(issue) ?? 'non_field_errors', issueMessage(issue)]),
  )

/** A failed parse of one part of the request, turned into a 400 with per-field messages. */
export class RequestValidationError extends Error {
  readonly problems: FieldProblems

  constructor(
    readonly part: string,
    problems: v.BaseIssue<unknown>[] | FieldProblems,
  ) {
    super(`Invalid ${part}`)
    this.problems = Array.isArray(problems) ? issueProblems(problems) : problems
  }

  /** The messages by field, in the language of the instance. */
  fieldsIn(i18n: I18n): FieldMessages {
    return Object.fromEntries(
      Object.entries(this.problems).map(([field, messages]) => [
        field,
        messages.map((message) => translate(i18n, message)),
      ]),
    )
  }
}

const OBJECT_SCHEMA_TYPES = new Set([
  'object',
  'strict_object',
  'loose_object',
  'object_with_rest',
  'record',
])

/**
 * Checks one part of a request (body, querystring, params, or the fields of a multipart form)
 * against its contract schema, after the checks every part gets: text the database can store,
 * and a JSON object where the schema describes one (valibot would take an array for it).
 */
export function validateRequestPart<TSchema extends v.GenericSchema>(
  schema: TSchema,
  part: string,
  data: unknown,
): { value: v.InferOutput<TSchema> } | { error: RequestValidationError } {
  const textProblems = unstorableText(data)
  if (textProblems.length > 0) {
    const fields = fieldProblems(
      textProblems.map(({ path, message }) => [
        path.length > 0 ? path.join('.') : part,
        englishText(message),
      ]),
    )
    return { error: new RequestValidationError(part, fields) }
  }
  if (OBJECT_SCHEMA_TYPES.has(schema.type) && Array.isArray(data)) {
    return {
      error: new RequestValidationError(part, { [part]: [englishText(NOT_AN_OBJECT_MESSAGE)] }),
    }
  }
  const result = v.safeParse(schema, data)
  if (result.success) return { value: result.output }
  return { error: new RequestValidationError(part, result.issues) }
}

export const valibotValidatorCompiler: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema, httpPart }) =>
  (data) =>
    validateRequestPart(schema, httpPart ?? 'request', data)

/**
 * Replies are serialized as they are; outside production they are checked against their contract
 * schema too, so a drift between server and contract fails the tests instead of the client.
 */
export function valibotSerializerCompiler(checkReplies: boolean) {
  return ({ schema }: { schema: unknown }) =>
    (data: unknown) => {
      if (checkReplies && v.isOfKind('schema', schema as v.GenericSchema)) {
        const result = v.safeParse(schema as v.GenericSchema, data)
        if (!result.success) {
          const problems = result.issues
            .slice(0, 5)
            .map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
          throw new Error(`Reply does not match its contract schema: ${problems.join('; ')}`)
        }
      }
      return JSON.stringify(data)
    }
}

function toOpenApiSchema(schema: unknown): unknown {
  if (schema && typeof schema === 'object' && 'kind' in schema && schema.kind === 'schema') {
    return toJsonSchema(schema as v.GenericSchema, { errorMode: 'ignore', typeMode: 'output' })
  }
  return schema
}

/** Converts the valibot schemas of a route into JSON Schema for the OpenAPI document. */
export function openApiTransform({
  schema,
  url,
}: {
  schema: Record<string, unknown>
  url: string
}) {
  if (!schema) return { schema, url }
  const converted: Record<string, unknown> = {}
  for (const [part, value] of Object.entries(schema)) {
    if (part === 'response' && value && typeof value === 'object') {
      converted.response = Object.fromEntries(
        Object.entries(value).map(([status, reply]) => [status, toOpenApiSchema(reply)]),
      )
    } else {
      converted[part] = toOpenApiSchema(value)
    }
  }
  return { schema: converted, url }
}
