import {
  type AnnotationField,
  MULTI_VALUE_SEPARATOR,
  type TaskSchemaDocument,
} from '../../../contract/task-schema'
import { characterErrorRate } from './text-distance'

/**
 * Scoring of a done gold annotation against the item's expected answer, field by field of the
 * expected answer. A field whose expected value is missing (or null) is not scored, nor is a name
 * the annotation schema lacks. The rules, by the field's widget and data type:
 * - single choice (radio, dropdown): the answer is exactly the expected option;
 * - multiple choice (dropdown with `multiple`): the same set of options, in any order (values
 *   are options joined by ';', or a list);
 * - checkbox: exactly the expected 'true' or 'false' (an unticked box is 'false');
 * - numbers (data type int or float): within a tolerance, 1e-9 unless the expected value is
 *   written `{"value": n, "tolerance": t}` (then |answer - n| ≤ t); an answer that is not a
 *   number is wrong;
 * - text: the character error rate (after trimming and collapsing whitespace) is at most the
 *   task type's gold_text_max_cer;
 * - anything else (media values): equal as JSON.
 */

/** How close a number answer must be to the expected number when no tolerance is written. */
export const DEFAULT_NUMBER_TOLERANCE = 1e-9

export type GoldScore = {
  /** Share of the scored fields answered right, 0 to 1. */
  score: number
  /** Every scored field right. */
  correct: boolean
  /** How many fields were scored. */
  scored: number
}

export type GoldScoringRules = { textMaxCer: number }

/** The score of `answer` against `expected`, or null when no field of it is scored. */
export function scoreGoldAnswer(
  document: TaskSchemaDocument,
  expected: Record<string, unknown>,
  answer: Record<string, unknown>,
  rules: GoldScoringRules,
): GoldScore | null {
  let scored = 0
  let right = 0
  for (const [name, expectedValue] of Object.entries(expected)) {
    const field = document.annotation_schema[name]
    if (!field || expectedValue === null || expectedValue === undefined) continue
    scored += 1
    if (fieldRight(field, expectedValue, answer[name], rules)) right += 1
  }
  if (scored === 0) return null
  return { score: right / scored, correct: right === scored, scored }
}

function fieldRight(
  field: AnnotationField,
  expected: unknown,
  answer: unknown,
  rules: GoldScoringRules,
): boolean {
  const { component, multiple } = field.widget.config
  if (answer === null || answer === undefined) return component === 'checkbox' && !truthy(expected)
  if (component === 'checkbox') return truthy(expected) === truthy(answer)
  if ((component === 'dropdown' || component === 'radio') && multiple) {
    return sameOptions(optionsOf(expected), optionsOf(answer))
  }
  if (component === 'dropdown' || component === 'radio') return textOf(expected) === textOf(answer)
  if (field.data_type === 'int' || field.data_type === 'float') return numberRight(expected, answer)
  if (typeof expected === 'string' && typeof answer === 'string') {
    return characterErrorRate(expected, answer) <= rules.textMaxCer
  }
  return JSON.stringify(expected) === JSON.stringify(answer)
}

/** A bool value: true or the text 'true' (the spec's bool text). */
const truthy = (value: unknown) => value === true || value === 'true'

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function optionsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf)
  if (typeof value !== 'string') return [textOf(value)]
  return value.split(MULTI_VALUE_SEPARATOR).filter((option) => option !== '')
}

function sameOptions(left: string[], right: string[]): boolean {
  const a = new Set(left)
  const b = new Set(right)
  return a.size === b.size && [...a].every((option) => b.has(option))
}

/** A number given as a number or as its text; NaN for anything else. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.trim() !== '') return Number(value)
  return Number.NaN
}

/** The expected number and its tolerance: `{"value": n, "tolerance": t}` or a plain number. */
function expectedNumber(expected: unknown): { value: number; tolerance: number } {
  if (typeof expected === 'object' && expected !== null && 'value' in expected) {
    const tolerance = 'tolerance' in expected ? numberOf(expected.tolerance) : Number.NaN
    return {
      value: numberOf(expected.value),
      tolerance:
        Number.isFinite(tolerance) && tolerance >= 0 ? tolerance : DEFAULT_NUMBER_TOLERANCE,
    }
  }
  return { value: numberOf(expected), tolerance: DEFAULT_NUMBER_TOLERANCE }
}

function numberRight(expected: unknown, answer: unknown): boolean {
  const { value, tolerance } = expectedNumber(expected)
  const given = numberOf(answer)
  if (!Number.isFinite(value) || !Number.isFinite(given)) return false
  return Math.abs(given - value) <= tolerance
}
