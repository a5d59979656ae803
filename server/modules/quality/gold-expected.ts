import * as v from 'valibot'
import { msg } from '#lingui-message'
import { evaluateValidators } from '../../../contract/schema-rules'
import { MULTI_VALUE_SEPARATOR, type TaskSchemaDocument } from '../../../contract/task-schema'
import { type AnnotationValue, AnnotationValueSchema } from '../../../contract/worker'
import { type ApiMessage, withValues } from '../../http/i18n'
import { re2PatternTest } from '../../patterns/re2-patterns'

/** A gold item's expected answer: annotation field name → the value a right answer has. */
export type GoldExpected = Record<string, AnnotationValue>

/** A problem of an expected answer; `field` is '' when the answer as a whole is wrong. */
export type GoldProblem = { field: string; problem: ApiMessage }

/**
 * Checks an expected answer the way an annotation is checked when it is saved: only fields of
 * the annotation schema, values an annotation can hold, and no error from the schema's
 * validators for the fields it gives (fields it leaves out are not scored, so rules about them
 * do not apply). Choice values must be among the field's options, exactly as the widget stores
 * them, or no worker's answer could match. Checkbox values may be JSON booleans; they are kept
 * as the 'true'/'false' text a checkbox annotation stores.
 */
export function checkGoldExpected(
  document: TaskSchemaDocument,
  value: unknown,
  itemData: Record<string, unknown>,
): { expected: GoldExpected | null; problems: GoldProblem[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { expected: null, problems: [{ field: '', problem: notAnObject }] }
  }
  const given = Object.entries(value)
  if (given.length === 0) return { expected: null, problems: [{ field: '', problem: noFields }] }
  const problems: GoldProblem[] = []
  const expected: GoldExpected = {}
  for (const [field, fieldValue] of given) {
    const schemaField = document.annotation_schema[field]
    const problem = !schemaField
      ? notAField
      : !v.is(AnnotationValueSchema, fieldValue)
        ? notAValue
        : valueProblem(schemaField.widget.config, fieldValue)
    if (problem) problems.push({ field, problem })
    else expected[field] = asStored(schemaField!.widget.config.component, fieldValue)
  }
  if (problems.length > 0) return { expected: null, problems }
  const { errors } = evaluateValidators(document, expected, itemData, re2PatternTest)
  for (const [field, messages] of Object.entries(errors)) {
    if (!(field in expected)) continue
    for (const rule of messages) {
      problems.push({
        field,
        problem: withValues(msg({ message: "does not pass the schema's check: {rule}" }), {
          rule,
        }),
      })
    }
  }
  return problems.length > 0 ? { expected: null, problems } : { expected, problems }
}

const notAnObject = msg`must be an object of annotation field names and expected values.`
const noFields = msg`must give the expected value of at least one annotation field.`
const notAField = msg`is not a field of the annotation schema.`
const notAValue = msg`must be a text, a number or true/false.`

type WidgetConfig = TaskSchemaDocument['annotation_schema'][string]['widget']['config']

function valueProblem(config: WidgetConfig, value: AnnotationValue): ApiMessage | null {
  switch (config.component) {
    case 'checkbox': {
      const text = typeof value === 'boolean' ? String(value) : value
      return text === 'true' || text === 'false' ? null : msg`must be true or false.`
    }
    case 'dropdown':
    case 'radio': {
      if (typeof value !== 'string') return msg`must be one of its options.`
      const options = new Set(config.options ?? [])
      const choices = config.multiple ? value.split(MULTI_VALUE_SEPARATOR) : [value]
      // A multiple choice's empty value (or empty part) is nothing chosen.
      const unknown = choices.filter(
        (choice) => !options.has(choice) && !(config.multiple && choice === ''),
      )
      if (unknown.length === 0) return null
      return withValues(msg({ message: 'has {choices}, which is not among its options.' }), {
        choices: unknown.map((choice) => `'${choice}'`).join(', '),
      })
    }
    case 'audio':
    case 'image':
      return msg`is a media field, which has no expected answer.`
    default:
      return typeof value === 'object' ? notAValue : null
  }
}

function asStored(component: string, value: AnnotationValue): AnnotationValue {
  return component === 'checkbox' && typeof value === 'boolean' ? String(value) : value
}
