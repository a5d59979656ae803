import { describe, expect, it } from 'vitest'
import { gridPlacement } from '../../../contract/task-schema'
import type { TaskSchemaDocument } from '../../db/schema'
import { annotationField } from '../../test/fixtures'
import { consensus, consensusFields } from './consensus'

const choice = (row: number, multiple = false) => {
  const field = annotationField('dropdown', 'Choice', gridPlacement(row, 1), 'string')
  field.widget.config.options = ['cat', 'dog', 'bird']
  if (multiple) field.widget.config.multiple = true
  return field
}

const SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {},
  annotation_schema: {
    label: choice(1),
    tags: choice(2, true),
    ok: annotationField('checkbox', 'OK', gridPlacement(3, 1), 'bool'),
    score: annotationField('text', 'Score', gridPlacement(4, 1), 'float'),
    transcript: annotationField('textarea', 'Transcript', gridPlacement(5, 1), 'string'),
    recording: annotationField('audio', 'Recording', gridPlacement(6, 1), 'string'),
  },
}
const FIELDS = consensusFields(SCHEMA)

describe('consensus labels', () => {
  it('forms one per field except media, in the form order', () => {
    expect(FIELDS).toEqual([
      ['label', 'choice'],
      ['tags', 'multi'],
      ['ok', 'choice'],
      ['score', 'number'],
      ['transcript', 'text'],
    ])
  })

  it('weighs votes by gold accuracy, takes the median and the medoid text', () => {
    const weights = new Map([
      [1, 0.9],
      [2, 0.4],
      [3, 0.4],
    ])
    const result = consensus(
      FIELDS,
      [
        {
          userId: 1,
          data: {
            label: 'cat',
            tags: 'dog;cat',
            ok: 'true',
            score: '2',
            transcript: 'the cat sat',
          },
        },
        {
          userId: 2,
          data: {
            label: 'dog',
            tags: 'cat ; dog',
            ok: 'true',
            score: '4',
            transcript: 'the cat sat.',
          },
        },
        {
          userId: 3,
          data: { label: 'dog', tags: 'cat', ok: 'false', score: '4', transcript: 'a dog' },
        },
      ],
      (userId) => weights.get(userId) ?? 1,
    )
    // cat 0.9 against dog 0.8: the better worker wins, with 0.9 / 1.7 of the weight.
    expect(result.label).toEqual({
      value: 'cat',
      confidence: expect.closeTo(0.9 / 1.7, 12),
      review: true,
    })
    expect(result.tags).toEqual({
      value: 'cat;dog',
      confidence: expect.closeTo(1.3 / 1.7, 12),
      review: false,
    })
    expect(result.ok).toEqual({
      value: 'true',
      confidence: expect.closeTo(1.3 / 1.7, 12),
      review: false,
    })
    expect(result.score).toEqual({ value: 4, confidence: expect.closeTo(2 / 3, 12), review: false })
    expect(result.transcript).toEqual({
      value: 'the cat sat',
      confidence: expect.closeTo(2 / 3, 12),
      review: false,
    })
  })

  it('marks ties for review and leaves unanswered fields empty', () => {
    const result = consensus(
      FIELDS,
      [
        { userId: 1, data: { label: 'cat', score: '1' } },
        { userId: 2, data: { label: 'dog', score: '3' } },
      ],
      () => 1,
    )
    expect(result.label).toEqual({ value: 'cat', confidence: 0.5, review: true })
    expect(result.score).toEqual({ value: 2, confidence: 0, review: true })
    expect(result.transcript).toEqual({ value: null, confidence: null, review: false })
  })
})
