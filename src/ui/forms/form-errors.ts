import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { ApiError } from '../../api/client'
import { GLOBALLY_REPORTED_STATUSES } from '../notify'

/** Messages per field, keyed like the form's values (dotted for nested fields). */
export type FieldErrors = Record<string, string>

/**
 * A form's own wording for a failed rule, or undefined for the default one. Rules checked across
 * fields carry names and numbers the generic messages cannot say.
 */
export type IssueDescriber = (issue: v.BaseIssue<unknown>) => string | undefined

/**
 * The contract's schemas hold the rules; their built-in messages are English, so the forms
 * translate each failed rule from its type and requirement instead.
 */
function issueMessage(issue: v.BaseIssue<unknown>): MessageDescriptor {
  const requirement = 'requirement' in issue ? issue.requirement : undefined
  switch (issue.type) {
    case 'min_length':
      return requirement === 1
        ? msg`This field is required.`
        : msg`Use at least ${String(requirement)} characters.`
    case 'max_length':
      return msg`Use at most ${String(requirement)} characters.`
    case 'email':
      return msg`Enter a valid e-mail address.`
    case 'regex':
      return msg`Use letters, digits and . @ + - _ only.`
    case 'integer':
      return msg`Enter a whole number.`
    case 'min_value':
      return msg`Enter at least ${String(requirement)}.`
    case 'max_value':
      return msg`Enter at most ${String(requirement)}.`
    default:
      return msg`Enter a valid value.`
  }
}

/** Validates `values` with a contract schema; returns the parsed output or per-field messages. */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: unknown,
  i18n: I18n,
  wording?: IssueDescriber,
): { output: v.InferOutput<TSchema>; errors: null } | { output: null; errors: FieldErrors } {
  const result = v.safeParse(schema, values)
  if (result.success) return { output: result.output, errors: null }
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? ''
    errors[path] ??= wording?.(issue) ?? i18n._(issueMessage(issue))
  }
  return { output: null, errors }
}

type ErrorPlacement = {
  /** The form's fields; a server path equal to one goes under it. */
  fields: readonly string[]
  /** Fields holding a structure whose inputs show their own errors: `schema.item_schema.x`. */
  nested?: readonly string[]
  /** Prefix of the server's field paths for this form (`endworker_profile.`). */
  prefix?: string
}

/**
 * Splits a failed submission into messages under the form's fields and one general message for
 * the rest. Server paths under `prefix` (e.g. `endworker_profile.`) are matched without it.
 */
export function submissionErrors(
  error: unknown,
  i18n: I18n,
  { fields: formFields, nested = [], prefix = '' }: ErrorPlacement,
): { fields: FieldErrors; general: string | null } {
  if (!(error instanceof ApiError)) {
    return { fields: {}, general: i18n._(msg`Something went wrong :(`) }
  }
  const fields: FieldErrors = {}
  const unplaced: string[] = []
  for (const [path, messages] of Object.entries(error.fields ?? {})) {
    const field = path.startsWith(prefix) ? path.slice(prefix.length) : path
    const placed =
      formFields.includes(field) || nested.some((parent) => field.startsWith(`${parent}.`))
    if (placed) fields[field] = messages.join(' ')
    else unplaced.push(...messages)
  }
  if (unplaced.length > 0) return { fields, general: unplaced.join(' ') }
  if (Object.keys(fields).length > 0) return { fields, general: null }
  return { fields, general: generalMessage(error, i18n) }
}

/** The message for a failure that concerns no single field, or null when the shell said it. */
export function generalMessage(error: unknown, i18n: I18n): string | null {
  if (!(error instanceof ApiError)) return i18n._(msg`Something went wrong :(`)
  if (error.status === 0) {
    return i18n._(msg`The server cannot be reached. Check your connection and try again.`)
  }
  if (error.code === 'invalid_key') return i18n._(invalidKeyMessage)
  // 400 and 409 details describe the user's own input and are worth reading as they are.
  if (error.status === 400 || error.status === 409) return error.detail
  // The shell has already said what went wrong.
  if (GLOBALLY_REPORTED_STATUSES.includes(error.status)) return null
  return i18n._(msg`Something went wrong :(`)
}

export const invalidKeyMessage = msg`This link is invalid, has expired or has already been used. Ask your coordinator for a new one.`
