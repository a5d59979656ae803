import * as v from 'valibot'
import { msg } from '#lingui-message'
import { english } from './english-message'
import { compileLinearPattern, type PatternMatcher } from './linear-pattern'
import type { TaskSchemaDocument } from './task-schema'

/**
 * The rule languages of a task schema, shared by the server (run on every annotation save) and
 * the offline client (run while the worker types, so messages show without a round trip).
 *
 * Values. Rules read field values as text: strings as they are, numbers and booleans as their
 * text, lists joined with ';' (the dropdown's multi-value form), media values by their uuid,
 * nothing as ''. A value is empty when its text is blank. A bool field without a value reads as
 * 'false', which is what an untouched checkbox means.
 *
 * Conditions `{field, <one operator>}` test one field of the item or of the annotation:
 * `equals: 'x'` / `not_equals: 'x'` / `in: ['x', 'y']` compare the exact trimmed text; for a
 * dropdown with `multiple` each ';'-separated choice is compared, so `equals` means "one of the
 * choices is". `empty: true` / `not_empty: true` test blankness.
 */

/** Field names are snake_case identifiers, so they can be export columns and form keys. */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]*$/
export const FieldNameSchema = v.pipe(
  v.string(),
  v.regex(
    FIELD_NAME_PATTERN,
    english(msg`Use lower-case letters, digits and _, starting with a letter.`),
  ),
  v.maxLength(64),
)

export const SEVERITIES = ['error', 'warning', 'info'] as const
export type Severity = (typeof SEVERITIES)[number]

const CONDITION_OPERATORS = ['equals', 'not_equals', 'in', 'empty', 'not_empty'] as const

export const ConditionSchema = v.pipe(
  v.strictObject({
    field: FieldNameSchema,
    equals: v.optional(v.string()),
    not_equals: v.optional(v.string()),
    in: v.optional(
      v.pipe(v.array(v.string()), v.minLength(1, english(msg`List at least one value.`))),
    ),
    empty: v.optional(v.literal(true)),
    not_empty: v.optional(v.literal(true)),
  }),
  v.check(
    (condition) => CONDITION_OPERATORS.filter((key) => condition[key] !== undefined).length === 1,
    english(msg({ message: 'Give exactly one of {choices}.' }), {
      choices: CONDITION_OPERATORS.join(', '),
    }),
  ),
)
export type Condition = v.InferOutput<typeof ConditionSchema>

/** Longest regex pattern a schema may hold. */
export const MAX_PATTERN_LENGTH = 500
/**
 * Longest text, in characters, a regex validator runs on. Matching is linear in the text, so this
 * bounds the time of every check; a longer value fails the rule with its own message.
 */
export const MAX_PATTERN_TEXT_LENGTH = 10_000

/**
 * Runs a validator pattern: returns whether `text` contains a match, or throws when the pattern
 * cannot run. Every engine given here must match in linear time (see contract/linear-pattern.ts);
 * the server passes RE2, the browser uses the default.
 */
export type PatternTest = (pattern: string, flags: string, text: string) => boolean

const compiledPatterns = new Map<string, PatternMatcher>()
const MAX_COMPILED_PATTERNS = 200

/** The contract's own linear engine, with compiled patterns kept while the worker types. */
export const linearPatternTest: PatternTest = (pattern, flags, text) => {
  const key = `${flags}/${pattern}`
  let matcher = compiledPatterns.get(key)
  if (!matcher) {
    matcher = compileLinearPattern(pattern, flags)
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear()
    compiledPatterns.set(key, matcher)
  }
  return matcher.test(text)
}

/**
 * Why a pattern may not be saved, or null. It must compile in the linear engine, which refuses
 * what cannot run in linear time (backreferences, lookarounds, huge counted repeats). The server
 * adds checks of its own at save time (RE2 must compile it; a ReDoS checker must not flag it).
 */
export function regexProblem(pattern: string, flags: string): string | null {
  try {
    compileLinearPattern(pattern, flags)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

const ruleBase = {
  field: FieldNameSchema,
  /** Which list the message goes to; errors block saving an annotation as done. */
  severity: v.optional(v.picklist(SEVERITIES), 'error'),
  /** Shown instead of the default message. */
  message: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500))),
}

const lengthValue = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))

const RegexRuleSchema = v.strictObject({
  type: v.literal('regex'),
  ...ruleBase,
  pattern: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_PATTERN_LENGTH)),
  flags: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?!.*(.).*\1)[imsu]*$/, english(msg`Use flags from i, m, s, u once.`)),
    ),
    '',
  ),
})

const RunnableRegexRuleSchema = v.pipe(
  RegexRuleSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = regexProblem(dataset.value.pattern, dataset.value.flags)
    if (problem) addIssue({ message: problem, path: [pathItem(dataset.value, 'pattern')] })
  }),
)

/**
 * One validator. All but `required` and `requires` let an empty value pass, so "optional but
 * well-formed" is one rule and "mandatory" another.
 *
 * - required: the field must not be empty.
 * - regex: the text must contain a match of `pattern`, in JavaScript's strict Unicode syntax
 *   without backreferences or lookarounds, run in linear time with RE2 semantics (flags: i ignores
 *   case, m makes ^ and $ match at line breaks, s makes . match line breaks, u is implied); texts
 *   longer than MAX_PATTERN_TEXT_LENGTH characters fail without running it.
 * - min_length / max_length: bounds on the number of characters.
 * - allowed_values: the value (each choice of a multiple dropdown) must be one of `values`,
 *   optionally ignoring case.
 * - requires: the field must not be empty while the condition `when` holds.
 * - compare: the field against `other_field` with eq/ne (numbers by value, else text) or
 *   lt/lte/gt/gte (numbers only); skipped while either is empty.
 */
const validatorRuleSchema = (regexRule: typeof RegexRuleSchema | typeof RunnableRegexRuleSchema) =>
  v.variant('type', [
    v.strictObject({ type: v.literal('required'), ...ruleBase }),
    regexRule,
    v.strictObject({ type: v.literal('min_length'), ...ruleBase, value: lengthValue }),
    v.strictObject({ type: v.literal('max_length'), ...ruleBase, value: lengthValue }),
    v.strictObject({
      type: v.literal('allowed_values'),
      ...ruleBase,
      values: v.pipe(v.array(v.string()), v.minLength(1, english(msg`List at least one value.`))),
      case_insensitive: v.optional(v.boolean(), false),
    }),
    v.strictObject({ type: v.literal('requires'), ...ruleBase, when: ConditionSchema }),
    v.strictObject({
      type: v.literal('compare'),
      ...ruleBase,
      operator: v.picklist(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']),
      other_field: FieldNameSchema,
    }),
  ])

/** A validator as a client saves it: a regex pattern must be one the linear engines can run. */
export const ValidatorRuleSchema = validatorRuleSchema(RunnableRegexRuleSchema)
/**
 * A validator as the server hands it out. A pattern saved before a stricter check still loads
 * (evaluation skips a pattern it cannot run), so one old rule cannot make a schema unreadable.
 */
export const StoredValidatorRuleSchema = validatorRuleSchema(RegexRuleSchema)
export type ValidatorRule = v.InferOutput<typeof ValidatorRuleSchema>
export type ValidatorRuleInput = v.InferInput<typeof ValidatorRuleSchema>

/**
 * A rows_visibility rule: row `row` of the layout is shown only while `when` holds. A row with
 * several rules is shown only while all of them hold; a row without rules is always shown.
 */
export const RowVisibilityRuleSchema = v.strictObject({
  row: v.pipe(v.number(), v.integer(), v.minValue(0)),
  when: ConditionSchema,
})
export type RowVisibilityRule = v.InferOutput<typeof RowVisibilityRuleSchema>

/** A path step for issues raised by checks that look across a whole object. */
export function pathItem(input: object, key: string | number): v.IssuePathItem {
  if (Array.isArray(input)) {
    const index = Number(key)
    return { type: 'array', origin: 'value', input, key: index, value: input[index] }
  }
  const record = input as Record<string, unknown>
  const name = String(key)
  return { type: 'object', origin: 'value', input: record, key: name, value: record[name] }
}

// --- Evaluation -------------------------------------------------------------------------------

type Values = Record<string, unknown>
type Fields = Pick<TaskSchemaDocument, 'item_schema' | 'annotation_schema'>

function textOf(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(textOf).join(';')
  if (typeof value === 'object' && 'uuid' in value) return textOf(value.uuid)
  return JSON.stringify(value)
}

function fieldText(document: Fields, values: Values, name: string): string {
  const text = textOf(values[name])
  if (text.trim() === '' && document.annotation_schema[name]?.data_type === 'bool') return 'false'
  return text
}

function choicesOf(document: Fields, name: string, text: string): string[] {
  const config = (document.item_schema[name] ?? document.annotation_schema[name])?.widget.config
  const multiple = config?.component === 'dropdown' && config.multiple === true
  return (multiple ? text.split(';') : [text]).map((choice) => choice.trim())
}

function conditionHolds(document: Fields, condition: Condition, values: Values): boolean {
  const text = fieldText(document, values, condition.field)
  if (condition.empty) return text.trim() === ''
  if (condition.not_empty) return text.trim() !== ''
  const choices = choicesOf(document, condition.field, text)
  if (condition.equals !== undefined) return choices.includes(condition.equals.trim())
  if (condition.not_equals !== undefined) return !choices.includes(condition.not_equals.trim())
  const listed = (condition.in ?? []).map((value) => value.trim())
  return choices.some((choice) => listed.includes(choice))
}

/** Every row number the layout uses, in order. */
export function layoutRowNumbers(document: Fields): number[] {
  const rows = new Set<number>()
  for (const field of [
    ...Object.values(document.item_schema),
    ...Object.values(document.annotation_schema),
  ]) {
    rows.add(field.grid_placement.row)
  }
  return [...rows].sort((a, b) => a - b)
}

/** The rows to show for these values (item and annotation values in one map). */
export function visibleRows(
  document: Pick<TaskSchemaDocument, 'item_schema' | 'annotation_schema' | 'rows_visibility'>,
  values: Values,
): Set<number> {
  const visible = new Set(layoutRowNumbers(document))
  for (const rule of document.rows_visibility) {
    if (!conditionHolds(document, rule.when, values)) visible.delete(rule.row)
  }
  return visible
}

export type Messages = Record<string, string[]>
export type ValidationResult = { errors: Messages; warnings: Messages; info: Messages }

const INTEGER_TEXT = /^[-+]?\d+$/
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

const typeMessages = {
  int: 'Enter a whole number.',
  float: 'Enter a number.',
  bool: "Use 'true' or 'false'.",
} as const

function typeProblem(dataType: string, text: string): string | null {
  if (dataType === 'int' && !INTEGER_TEXT.test(text)) return typeMessages.int
  if (dataType === 'float' && !NUMBER_TEXT.test(text)) return typeMessages.float
  if (dataType === 'bool' && text !== 'true' && text !== 'false') return typeMessages.bool
  return null
}

const characters = (text: string) => [...text].length

function compareHolds(operator: string, left: string, right: string): boolean {
  const numeric = NUMBER_TEXT.test(left.trim()) && NUMBER_TEXT.test(right.trim())
  if (operator === 'eq' || operator === 'ne') {
    const same = numeric ? Number(left) === Number(right) : left === right
    return operator === 'eq' ? same : !same
  }
  if (!numeric) return false
  const [a, b] = [Number(left), Number(right)]
  if (operator === 'lt') return a < b
  if (operator === 'lte') return a <= b
  if (operator === 'gt') return a > b
  return a >= b
}

const OPERATOR_WORDS = {
  eq: 'equal to',
  ne: 'different from',
  lt: 'less than',
  lte: 'at most',
  gt: 'greater than',
  gte: 'at least',
} as const

/**
 * Whether the text has the form a regex rule asks for. A pattern that no longer compiles (stored
 * before a stricter check) is skipped rather than blocking every save; its owner sees the problem
 * on the next edit of the schema.
 */
function patternFailure(
  rule: Extract<ValidatorRule, { type: 'regex' }>,
  text: string,
  patternTest: PatternTest,
): string | null {
  if (characters(text) > MAX_PATTERN_TEXT_LENGTH) {
    return `Too long to check its form: enter at most ${MAX_PATTERN_TEXT_LENGTH} characters.`
  }
  let matches: boolean
  try {
    matches = patternTest(rule.pattern, rule.flags, text)
  } catch {
    return null
  }
  return matches ? null : 'The value does not have the required form.'
}

/** The default message of a failed rule, or null when the value passes. */
function ruleFailure(
  document: Fields,
  rule: ValidatorRule,
  values: Values,
  patternTest: PatternTest,
): string | null {
  const text = fieldText(document, values, rule.field)
  const empty = text.trim() === ''
  switch (rule.type) {
    case 'required':
      return empty ? 'This field is required.' : null
    case 'requires':
      return empty && conditionHolds(document, rule.when, values) ? 'This field is required.' : null
    case 'regex':
      return empty ? null : patternFailure(rule, text, patternTest)
    case 'min_length':
      return empty || characters(text) >= rule.value
        ? null
        : `Enter at least ${rule.value} characters.`
    case 'max_length':
      return characters(text) <= rule.value ? null : `Enter at most ${rule.value} characters.`
    case 'allowed_values': {
      if (empty) return null
      const fold = (value: string) => (rule.case_insensitive ? value.toLowerCase() : value)
      const allowed = new Set(rule.values.map((value) => fold(value.trim())))
      const passes = choicesOf(document, rule.field, text).every((choice) =>
        allowed.has(fold(choice)),
      )
      return passes ? null : `Choose from: ${rule.values.join(', ')}.`
    }
    case 'compare': {
      const other = fieldText(document, values, rule.other_field)
      if (empty || other.trim() === '') return null
      return compareHolds(rule.operator, text.trim(), other.trim())
        ? null
        : `Must be ${OPERATOR_WORDS[rule.operator]} ${rule.other_field}.`
    }
  }
}

/**
 * Runs a schema's validators over one annotation. Fields in rows hidden by rows_visibility are
 * not checked, since the worker cannot see or fill them. Besides the rules, every non-empty value
 * of an int, float or bool field must fit its data type (an error). Regex rules run through
 * `patternTest`, a linear-time engine.
 */
export function evaluateValidators(
  document: TaskSchemaDocument,
  annotationData: Values,
  itemData: Values = {},
  patternTest: PatternTest = linearPatternTest,
): ValidationResult {
  const values = { ...itemData, ...annotationData }
  const visible = visibleRows(document, values)
  const result: ValidationResult = { errors: {}, warnings: {}, info: {} }
  const add = (severity: Severity, field: string, message: string) => {
    const list =
      severity === 'error' ? result.errors : severity === 'warning' ? result.warnings : result.info
    list[field] ??= []
    if (!list[field].includes(message)) list[field].push(message)
  }
  const shown = (field: string) => {
    const placement = document.annotation_schema[field]?.grid_placement
    return placement !== undefined && visible.has(placement.row)
  }

  for (const [name, field] of Object.entries(document.annotation_schema)) {
    if (!shown(name)) continue
    const text = textOf(annotationData[name]).trim()
    const problem = text === '' ? null : typeProblem(field.data_type, text)
    if (problem) add('error', name, problem)
  }
  for (const rule of document.validators) {
    if (!shown(rule.field)) continue
    const failure = ruleFailure(document, rule, values, patternTest)
    if (failure) add(rule.severity, rule.field, rule.message ?? failure)
  }
  return result
}
