import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  type AnnotationField,
  gridPlacement,
  TaskSchemaDocumentSchema,
} from '../../../contract/task-schema'
import { annotationField } from '../../test/fixtures'
import { scoreGoldAnswer } from './gold-scoring'

const withConfig = (field: AnnotationField, config: object): AnnotationField => ({
  ...field,
  widget: { config: { ...field.widget.config, ...config } },
})

const DOCUMENT = v.parse(TaskSchemaDocumentSchema, {
  item_schema: {},
  annotation_schema: {
    mood: withConfig(annotationField('radio', 'Mood', gridPlacement(0, 0, 4), 'string'), {
      options: ['calm', 'angry', 'sad'],
    }),
    tags: withConfig(annotationField('dropdown', 'Tags', gridPlacement(0, 1, 4), 'string'), {
      options: ['noise', 'music', 'speech'],
      multiple: true,
    }),
    clear: annotationField('checkbox', 'Clear', gridPlacement(0, 2, 4), 'bool'),
    speakers: annotationField('text', 'Speakers', gridPlacement(1, 0, 4), 'int'),
    pitch: annotationField('text', 'Pitch', gridPlacement(1, 1, 4), 'float'),
    transcript: annotationField('textarea', 'Transcript', gridPlacement(2, 0, 12), 'string'),
  },
})

const rules = { textMaxCer: 0.1 }
const score = (expected: Record<string, unknown>, answer: Record<string, unknown>) =>
  scoreGoldAnswer(DOCUMENT, expected, answer, rules)

describe('scoreGoldAnswer', () => {
  it('scores single choices exactly', () => {
    expect(score({ mood: 'calm' }, { mood: 'calm' })).toEqual({
      score: 1,
      correct: true,
      scored: 1,
    })
    expect(score({ mood: 'calm' }, { mood: 'Calm' })).toMatchObject({ score: 0, correct: false })
    expect(score({ mood: 'calm' }, {})).toMatchObject({ score: 0, correct: false })
  })

  it('scores multiple choices as sets of options', () => {
    expect(score({ tags: 'noise;music' }, { tags: 'music;noise' })?.correct).toBe(true)
    expect(score({ tags: ['noise', 'music'] }, { tags: 'music;noise' })?.correct).toBe(true)
    expect(score({ tags: 'noise;music' }, { tags: 'music' })?.correct).toBe(false)
    expect(score({ tags: 'noise' }, { tags: 'noise;speech' })?.correct).toBe(false)
  })

  it('scores checkboxes exactly, an unticked box being false', () => {
    expect(score({ clear: 'true' }, { clear: 'true' })?.correct).toBe(true)
    expect(score({ clear: true }, { clear: 'true' })?.correct).toBe(true)
    expect(score({ clear: 'true' }, { clear: 'false' })?.correct).toBe(false)
    expect(score({ clear: 'false' }, {})?.correct).toBe(true)
  })

  it('scores numbers exactly up to 1e-9 unless a tolerance is written', () => {
    expect(score({ speakers: 2 }, { speakers: '2' })?.correct).toBe(true)
    expect(score({ speakers: '2' }, { speakers: '3' })?.correct).toBe(false)
    expect(score({ pitch: 0.3 }, { pitch: String(0.1 + 0.2) })?.correct).toBe(true)
    expect(score({ pitch: 0.3 }, { pitch: '0.3001' })?.correct).toBe(false)
    expect(score({ pitch: { value: 220, tolerance: 5 } }, { pitch: '224.5' })?.correct).toBe(true)
    expect(score({ pitch: { value: 220, tolerance: 5 } }, { pitch: '226' })?.correct).toBe(false)
    expect(score({ pitch: 1 }, { pitch: 'one' })?.correct).toBe(false)
  })

  it('scores text by character error rate after normalizing whitespace', () => {
    const expected = { transcript: 'the quick brown fox' }
    expect(score(expected, { transcript: '  the quick   brown fox ' })?.correct).toBe(true)
    // One edit in 19 characters: 0.053 ≤ 0.1.
    expect(score(expected, { transcript: 'the quick brown fix' })?.correct).toBe(true)
    // Three edits: 0.158 > 0.1.
    expect(score(expected, { transcript: 'the quack brewn fix' })?.correct).toBe(false)
    expect(
      scoreGoldAnswer(
        DOCUMENT,
        expected,
        { transcript: 'the quack brewn fix' },
        { textMaxCer: 0.2 },
      )?.correct,
    ).toBe(true)
  })

  it('scores only fields with an expected value, as the share answered right', () => {
    const expected = { mood: 'sad', clear: 'true', transcript: null, speakers: 3 }
    expect(
      score(expected, { mood: 'sad', clear: 'false', transcript: 'x', speakers: '3' }),
    ).toEqual({
      score: 2 / 3,
      correct: false,
      scored: 3,
    })
    expect(score({ transcript: null, unknown: 'x' }, { transcript: 'x' })).toBeNull()
  })
})
