import { CONSENSUS_REVIEW_BELOW, GOLD_TEXT_MAX_CER_DEFAULT } from '../../../contract/quality'
import {
  type AnnotationField,
  layoutRows,
  MULTI_VALUE_SEPARATOR,
  type TaskSchemaDocument,
} from '../../../contract/task-schema'
import { median, medoid, weightedMajority } from './statistics'
import { characterErrorRate, normalizeText } from './text-distance'

/** A field's consensus over an item's answers; null value and confidence without any answer. */
export type FieldConsensus = { value: unknown; confidence: number | null; review: boolean }

export type Answer = { userId: number; data: Record<string, unknown> }

type Kind = 'choice' | 'multi' | 'number' | 'text'

/** The fields a consensus is formed for, in the form's order, and how: media fields have none. */
export function consensusFields(schema: TaskSchemaDocument): [string, Kind][] {
  return layoutRows(schema).flatMap((row) =>
    row.cells.flatMap((cell): [string, Kind][] => {
      if (cell.source !== 'annotation') return []
      const field = cell.field as AnnotationField
      const { component, multiple } = field.widget.config
      if (component === 'audio' || component === 'image') return []
      if (component === 'dropdown' || component === 'radio') {
        return [[cell.name, multiple ? 'multi' : 'choice']]
      }
      if (component === 'checkbox' || field.data_type === 'bool') return [[cell.name, 'choice']]
      if (field.data_type === 'int' || field.data_type === 'float') return [[cell.name, 'number']]
      return [[cell.name, 'text']]
    }),
  )
}

const textOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : ''

/** The answer as voted on: choices trimmed (a multi-choice as its sorted set), else null. */
function choiceKey(kind: 'choice' | 'multi', value: unknown): string | null {
  const text = textOf(value).trim()
  if (text === '') return null
  if (kind === 'choice') return text
  const choices = [...new Set(text.split(MULTI_VALUE_SEPARATOR).map((choice) => choice.trim()))]
  return choices.filter(Boolean).sort().join(MULTI_VALUE_SEPARATOR)
}

function numberOf(value: unknown): number | null {
  const text = textOf(value).trim()
  if (text === '') return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

const reviewed = (confidence: number, tie: boolean) => tie || confidence < CONSENSUS_REVIEW_BELOW

/**
 * The consensus of each field: weighted majority vote for choices (each worker's weight from
 * `weightOf`), the median for numbers, and the medoid by edit distance for text. Confidence is
 * the winning share of the weight (choices), the share of answers equal to the median (numbers),
 * or the share of texts within the gold character error rate of the medoid (text).
 */
export function consensus(
  fields: readonly [string, Kind][],
  answers: readonly Answer[],
  weightOf: (userId: number) => number,
): Record<string, FieldConsensus> {
  const result: Record<string, FieldConsensus> = {}
  for (const [name, kind] of fields) {
    result[name] = fieldConsensus(kind, name, answers, weightOf)
  }
  return result
}

const NONE: FieldConsensus = { value: null, confidence: null, review: false }

function fieldConsensus(
  kind: Kind,
  name: string,
  answers: readonly Answer[],
  weightOf: (userId: number) => number,
): FieldConsensus {
  if (kind === 'choice' || kind === 'multi') {
    const votes = answers.flatMap((answer) => {
      const value = choiceKey(kind, answer.data[name])
      return value === null ? [] : [{ value, weight: weightOf(answer.userId) }]
    })
    if (votes.length === 0) return NONE
    const vote = weightedMajority(votes)
    const tie = vote.tied.length > 0
    return {
      value: vote.value,
      confidence: vote.confidence,
      review: reviewed(vote.confidence, tie),
    }
  }
  if (kind === 'number') {
    const numbers = answers.flatMap((answer) => {
      const number = numberOf(answer.data[name])
      return number === null ? [] : [number]
    })
    const middle = median(numbers)
    if (middle === null) return NONE
    const confidence = numbers.filter((number) => number === middle).length / numbers.length
    return { value: middle, confidence, review: reviewed(confidence, false) }
  }
  const texts = answers
    .map((answer) => textOf(answer.data[name]))
    .filter((text) => normalizeText(text) !== '')
  const chosen = medoid(texts)
  if (chosen === null) return NONE
  const close = texts.filter(
    (text) => characterErrorRate(chosen.text, text) <= GOLD_TEXT_MAX_CER_DEFAULT,
  ).length
  const confidence = close / texts.length
  return { value: chosen.text, confidence, review: reviewed(confidence, false) }
}
