import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { FIELD_NAME_PATTERN } from '../../../../../../contract/schema-rules'
import {
  ANNOTATION_DATA_TYPES,
  type TaskSchemaDocument,
  TaskSchemaDocumentSchema,
  WIDGET_COMPONENTS,
} from '../../../../../../contract/task-schema'
import { contractIssueText } from '../../../../../i18n/contract-messages'
import { type FieldErrors, validate } from '../../../../../ui/forms/form-errors'
import { type EditorDocument, editorDocument, RULE_TYPES } from './document'

/**
 * Wording of the schema document's failed rules. Rules that look across fields (two fields in
 * one cell, a rule naming a missing field) carry the names and numbers in the contract's own
 * message, which is shown translated when the contract wrote it as a message, else as it is.
 */
export function schemaIssueWording(i18n: I18n) {
  const contractWording = (issue: v.BaseIssue<unknown>) => contractIssueText(i18n, issue.message)
  return (issue: v.BaseIssue<unknown>): string | undefined => {
    switch (issue.type) {
      case 'check':
      case 'raw_check':
        return contractWording(issue)
      case 'regex':
        return issue.requirement instanceof RegExp &&
          issue.requirement.source === FIELD_NAME_PATTERN.source
          ? i18n._(msg`Use lower-case letters, digits and _, starting with a letter.`)
          : contractWording(issue)
      case 'picklist':
        return i18n._(msg`Choose one of: ${(issue.requirement as string[]).join(', ')}.`)
      case 'strict_object':
        return i18n._(msg`This key is not allowed here.`)
      case 'variant':
        return i18n._(msg`Unknown rule type.`)
      default:
        return issue.kind === 'schema' && issue.type !== 'union'
          ? i18n._(msg`Expected ${issue.expected ?? ''}, got ${issue.received}.`)
          : undefined
    }
  }
}

type DocumentCheck =
  | { output: TaskSchemaDocument; problems: null }
  | { output: null; problems: FieldErrors }

/** The document as the server will take it, or every rule it breaks by dotted path. */
export function checkDocument(document: EditorDocument, i18n: I18n): DocumentCheck {
  const checked = validate(TaskSchemaDocumentSchema, document, i18n, schemaIssueWording(i18n))
  return checked.errors
    ? { output: null, problems: checked.errors }
    : { output: checked.output, problems: null }
}

/** Looks up problems below `prefix`: `at('')` is the prefix's own, `at('row')` its row's. */
export const problemsUnder =
  (problems: FieldErrors, prefix: string) =>
  (path: string): string | undefined =>
    problems[path ? `${prefix}.${path}` : prefix]

/** A form's errors about one of its fields, by path within that field ('' for its own). */
export function errorsWithin(errors: FieldErrors, field: string): FieldErrors {
  const within: FieldErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    if (path === field) within[''] = message
    else if (path.startsWith(`${field}.`)) within[path.slice(field.length + 1)] = message
  }
  return within
}

export const isAtOrUnder = (path: string, parent: string) =>
  path === parent || path.startsWith(`${parent}.`)

/** The shape the form needs to show a document at all; its rules are checked separately. */
const LooseFieldEntries = {
  widget: v.looseObject({
    config: v.looseObject({ component: v.picklist(WIDGET_COMPONENTS) }),
  }),
  grid_placement: v.looseObject({
    row: v.number(),
    column: v.number(),
    col_width: v.number(),
    col_offset: v.number(),
  }),
}
const LooseConditionSchema = v.looseObject({ field: v.string() })
const LooseDocumentSchema = v.looseObject({
  item_schema: v.record(v.string(), v.looseObject(LooseFieldEntries)),
  annotation_schema: v.record(
    v.string(),
    v.looseObject({ ...LooseFieldEntries, data_type: v.picklist(ANNOTATION_DATA_TYPES) }),
  ),
  validators: v.optional(
    v.array(
      v.looseObject({
        type: v.picklist(RULE_TYPES),
        field: v.string(),
        when: v.optional(LooseConditionSchema),
        other_field: v.optional(v.string()),
      }),
    ),
  ),
  rows_visibility: v.optional(
    v.array(v.looseObject({ row: v.number(), when: LooseConditionSchema })),
  ),
})

type JsonReading =
  | { document: EditorDocument; syntaxError: null; problems: FieldErrors }
  | { document: null; syntaxError: string | null; problems: FieldErrors }

/**
 * Reads the JSON view's text. Text that is not JSON, or JSON the form cannot show, is reported
 * with its problems and leaves the document as it was; the text itself is never touched.
 */
export function readJson(text: string, i18n: I18n): JsonReading {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { document: null, syntaxError: (error as Error).message, problems: {} }
  }
  const loose = validate(LooseDocumentSchema, parsed, i18n, schemaIssueWording(i18n))
  if (loose.errors) return { document: null, syntaxError: null, problems: loose.errors }
  const document = editorDocument(parsed as EditorDocument)
  return { document, syntaxError: null, problems: checkDocument(document, i18n).problems ?? {} }
}
