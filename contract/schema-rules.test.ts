import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  ConditionSchema,
  evaluateValidators,
  MAX_PATTERN_TEXT_LENGTH,
  RowVisibilityRuleSchema,
  regexProblem,
  StoredValidatorRuleSchema,
  type ValidatorRuleInput,
  ValidatorRuleSchema,
  visibleRows,
} from './schema-rules'
import { type TaskSchemaDocumentInput, TaskSchemaDocumentSchema } from './task-schema'

const place = (row: number, column: number, col_width = 6) => ({
  row,
  column,
  col_width,
  col_offset: 0,
})

/** A prompt (item), a transcript, a mood dropdown, a checkbox and a comment shown on row 3. */
function documentWith(
  validators: ValidatorRuleInput[],
  rows_visibility: TaskSchemaDocumentInput['rows_visibility'] = [],
) {
  return v.parse(TaskSchemaDocumentSchema, {
    validators,
    rows_visibility,
    item_schema: {
      prompt: { widget: { config: { component: 'text' } }, grid_placement: place(0, 0, 12) },
    },
    annotation_schema: {
      transcript: {
        widget: { config: { component: 'textarea' } },
        grid_placement: place(1, 0),
        data_type: 'string',
      },
      moods: {
        widget: { config: { component: 'dropdown', options: ['Calm', 'Angry'], multiple: true } },
        grid_placement: place(1, 1),
        data_type: 'string',
      },
      matches: {
        widget: { config: { component: 'checkbox' } },
        grid_placement: place(2, 0),
        data_type: 'bool',
      },
      count: {
        widget: { config: { component: 'text' } },
        grid_placement: place(2, 1, 3),
        data_type: 'int',
      },
      limit: {
        widget: { config: { component: 'text' } },
        grid_placement: place(2, 2, 3),
        data_type: 'float',
      },
      comment: {
        widget: { config: { component: 'text' } },
        grid_placement: place(3, 0, 12),
        data_type: 'string',
      },
    },
  })
}

const errorsOf = (rules: ValidatorRuleInput[], data: Record<string, unknown>) =>
  evaluateValidators(documentWith(rules), data, { prompt: 'Hello' }).errors

describe('validator rules', () => {
  it('required fails on missing and blank values only', () => {
    const rules: ValidatorRuleInput[] = [{ type: 'required', field: 'transcript' }]
    expect(errorsOf(rules, {})).toEqual({ transcript: ['This field is required.'] })
    expect(errorsOf(rules, { transcript: '  \n' })).toEqual({
      transcript: ['This field is required.'],
    })
    expect(errorsOf(rules, { transcript: 'ok' })).toEqual({})
  })

  it('sorts messages by severity and uses the custom message', () => {
    const result = evaluateValidators(
      documentWith([
        { type: 'required', field: 'transcript', severity: 'warning', message: 'Say something' },
        { type: 'max_length', field: 'comment', value: 3, severity: 'info' },
      ]),
      { comment: 'four' },
    )
    expect(result).toEqual({
      errors: {},
      warnings: { transcript: ['Say something'] },
      info: { comment: ['Enter at most 3 characters.'] },
    })
  })

  it('regex, min_length and max_length let an empty value pass', () => {
    const rules: ValidatorRuleInput[] = [
      { type: 'regex', field: 'transcript', pattern: '^[a-z ]+$', flags: 'i' },
      { type: 'min_length', field: 'transcript', value: 3 },
      { type: 'max_length', field: 'transcript', value: 5 },
    ]
    expect(errorsOf(rules, {})).toEqual({})
    expect(errorsOf(rules, { transcript: 'Abc' })).toEqual({})
    expect(errorsOf(rules, { transcript: 'a1' })).toEqual({
      transcript: ['The value does not have the required form.', 'Enter at least 3 characters.'],
    })
    expect(errorsOf(rules, { transcript: 'abcdef' })).toEqual({
      transcript: ['Enter at most 5 characters.'],
    })
  })

  it('counts characters, not UTF-16 units', () => {
    expect(
      errorsOf([{ type: 'max_length', field: 'transcript', value: 2 }], { transcript: '😀😀' }),
    ).toEqual({})
  })

  it('allowed_values checks each choice of a multiple dropdown, optionally ignoring case', () => {
    const exact: ValidatorRuleInput[] = [
      { type: 'allowed_values', field: 'moods', values: ['Calm', 'Angry'] },
    ]
    expect(errorsOf(exact, { moods: 'Calm;Angry' })).toEqual({})
    expect(errorsOf(exact, { moods: 'calm' })).toEqual({ moods: ['Choose from: Calm, Angry.'] })
    const folded: ValidatorRuleInput[] = [
      { type: 'allowed_values', field: 'moods', values: ['Calm', 'Angry'], case_insensitive: true },
    ]
    expect(errorsOf(folded, { moods: 'calm;ANGRY' })).toEqual({})
    expect(errorsOf(folded, { moods: 'calm;sad' })).toEqual({
      moods: ['Choose from: Calm, Angry.'],
    })
  })

  it('requires asks for a field only while its condition holds', () => {
    const rules: ValidatorRuleInput[] = [
      { type: 'requires', field: 'transcript', when: { field: 'matches', equals: 'true' } },
    ]
    expect(errorsOf(rules, { matches: 'false' })).toEqual({})
    // An untouched checkbox reads as 'false'.
    expect(errorsOf(rules, {})).toEqual({})
    expect(errorsOf(rules, { matches: 'true' })).toEqual({
      transcript: ['This field is required.'],
    })
    expect(errorsOf(rules, { matches: 'true', transcript: 'x' })).toEqual({})
  })

  it('requires can depend on an item field', () => {
    const rules: ValidatorRuleInput[] = [
      { type: 'requires', field: 'transcript', when: { field: 'prompt', not_empty: true } },
    ]
    expect(errorsOf(rules, {})).toEqual({ transcript: ['This field is required.'] })
  })

  it('compare orders numbers and refuses text for ordering', () => {
    const rules: ValidatorRuleInput[] = [
      { type: 'compare', field: 'count', operator: 'lte', other_field: 'limit' },
    ]
    expect(errorsOf(rules, { count: '3', limit: '3.5' })).toEqual({})
    expect(errorsOf(rules, { count: '10', limit: '9' })).toEqual({
      count: ['Must be at most limit.'],
    })
    expect(errorsOf(rules, { count: '10' })).toEqual({})
    const different: ValidatorRuleInput[] = [
      { type: 'compare', field: 'transcript', operator: 'ne', other_field: 'prompt' },
    ]
    expect(errorsOf(different, { transcript: 'Hello' })).toEqual({
      transcript: ['Must be different from prompt.'],
    })
    expect(errorsOf(different, { transcript: 'hello' })).toEqual({})
  })

  it('checks values against the data type of their field', () => {
    expect(errorsOf([], { count: '1.5', limit: 'abc', matches: 'yes' })).toEqual({
      count: ['Enter a whole number.'],
      limit: ['Enter a number.'],
      matches: ["Use 'true' or 'false'."],
    })
    expect(errorsOf([], { count: 7, limit: '-2.5e3', matches: true })).toEqual({})
  })

  it('does not check fields in hidden rows', () => {
    const document = documentWith(
      [{ type: 'required', field: 'comment' }],
      [{ row: 3, when: { field: 'matches', equals: 'false' } }],
    )
    expect(evaluateValidators(document, { matches: 'true' }).errors).toEqual({})
    expect(evaluateValidators(document, { matches: 'false' }).errors).toEqual({
      comment: ['This field is required.'],
    })
  })
})

describe('rows_visibility', () => {
  const rows = (
    rules: TaskSchemaDocumentInput['rows_visibility'],
    values: Record<string, unknown>,
  ) => [...visibleRows(documentWith([], rules), values)].sort()

  it('shows every row when there are no rules', () => {
    expect(rows([], {})).toEqual([0, 1, 2, 3])
  })

  it('shows a row only while all of its rules hold', () => {
    const rules = [
      { row: 3, when: { field: 'matches', equals: 'false' } },
      { row: 3, when: { field: 'transcript', not_empty: true as const } },
    ]
    expect(rows(rules, { matches: 'false', transcript: 'x' })).toEqual([0, 1, 2, 3])
    expect(rows(rules, { matches: 'false' })).toEqual([0, 1, 2])
    expect(rows(rules, { matches: 'true', transcript: 'x' })).toEqual([0, 1, 2])
  })

  it('supports every operator, with multiple dropdown choices compared one by one', () => {
    const only = (when: v.InferInput<typeof ConditionSchema>, values: Record<string, unknown>) =>
      rows([{ row: 3, when }], values).includes(3)
    expect(only({ field: 'moods', equals: 'Angry' }, { moods: 'Calm;Angry' })).toBe(true)
    expect(only({ field: 'moods', not_equals: 'Angry' }, { moods: 'Calm;Angry' })).toBe(false)
    expect(only({ field: 'moods', in: ['Sad', 'Calm'] }, { moods: 'Calm' })).toBe(true)
    expect(only({ field: 'moods', in: ['Sad'] }, { moods: 'Calm' })).toBe(false)
    expect(only({ field: 'comment', empty: true }, {})).toBe(true)
    expect(only({ field: 'comment', empty: true }, { comment: 'x' })).toBe(false)
    expect(only({ field: 'prompt', not_empty: true }, { prompt: 'Hi' })).toBe(true)
  })

  it('property: a rule and its negation never show a row together', () => {
    const values = ['', 'Calm', 'Angry', 'Calm;Angry', 'x']
    for (const value of values) {
      for (const target of ['Calm', 'Angry', 'x']) {
        const shown = rows([{ row: 3, when: { field: 'moods', equals: target } }], { moods: value })
        const negated = rows([{ row: 3, when: { field: 'moods', not_equals: target } }], {
          moods: value,
        })
        expect(shown.includes(3)).not.toBe(negated.includes(3))
      }
    }
  })
})

describe('rule syntax', () => {
  const issuesOf = (schema: v.GenericSchema, input: unknown) =>
    v.safeParse(schema, input).issues?.map((issue) => [v.getDotPath(issue), issue.message]) ?? []

  it('needs exactly one operator in a condition', () => {
    expect(issuesOf(ConditionSchema, { field: 'a', equals: 'x' })).toEqual([])
    expect(issuesOf(ConditionSchema, { field: 'a' })).toHaveLength(1)
    expect(issuesOf(ConditionSchema, { field: 'a', equals: 'x', empty: true })).toHaveLength(1)
  })

  it('names the pattern of a regex that cannot run in linear time', () => {
    const rule = (pattern: string) => ({ type: 'regex', field: 'a', pattern })
    expect(issuesOf(ValidatorRuleSchema, rule('^a+$'))).toEqual([])
    expect(issuesOf(ValidatorRuleSchema, rule('(unclosed'))).toEqual([
      ['pattern', expect.stringMatching(/^Invalid regular expression/)],
    ])
    expect(issuesOf(ValidatorRuleSchema, rule('^(a)\\1$'))).toEqual([
      ['pattern', expect.stringMatching(/^Backreferences/)],
    ])
    expect(issuesOf(ValidatorRuleSchema, rule('^(?!x)\\w+$'))).toEqual([
      ['pattern', expect.stringMatching(/^Lookahead and lookbehind/)],
    ])
    expect(issuesOf(ValidatorRuleSchema, { ...rule('a'), flags: 'g' })[0]?.[0]).toBe('flags')
  })

  it('still reads a stored rule whose pattern a save would now refuse', () => {
    const stored = { type: 'regex', field: 'a', pattern: '^(?!x)(a)\\1$' }
    expect(issuesOf(ValidatorRuleSchema, stored)).toHaveLength(1)
    expect(issuesOf(StoredValidatorRuleSchema, stored)).toEqual([])
    expect(issuesOf(StoredValidatorRuleSchema, { ...stored, flags: 'g' })[0]?.[0]).toBe('flags')
  })

  it('accepts nested repeats, which the linear engine runs safely', () => {
    for (const pattern of ['(ab)+', '(?:\\d{3}-)+\\d{4}', '^(a|b)*$', '(\\w+\\s?)+']) {
      expect(regexProblem(pattern, ''), pattern).toBeNull()
    }
  })

  it('answers at once for catastrophic patterns on long texts', () => {
    const document = documentWith([
      { type: 'regex', field: 'transcript', pattern: '^(a|a)*$' },
      { type: 'regex', field: 'comment', pattern: '^(\\w|\\d)+$' },
    ])
    // A backtracking engine would need longer than the age of the universe for these.
    const result = evaluateValidators(document, {
      transcript: `${'a'.repeat(5000)}!`,
      comment: `${'1'.repeat(5000)}!`,
    })
    expect(result.errors).toEqual({
      transcript: ['The value does not have the required form.'],
      comment: ['The value does not have the required form.'],
    })
  })

  it('refuses to run a pattern on texts over the length bound', () => {
    const rules = [{ type: 'regex' as const, field: 'transcript', pattern: '^a+$' }]
    expect(errorsOf(rules, { transcript: 'a'.repeat(MAX_PATTERN_TEXT_LENGTH) })).toEqual({})
    expect(errorsOf(rules, { transcript: 'a'.repeat(MAX_PATTERN_TEXT_LENGTH + 1) })).toEqual({
      transcript: [
        `Too long to check its form: enter at most ${MAX_PATTERN_TEXT_LENGTH} characters.`,
      ],
    })
  })

  it('runs patterns through the engine it is given', () => {
    const seen: string[] = []
    const rules = [{ type: 'regex' as const, field: 'transcript', pattern: '^x$', flags: 'i' }]
    const result = evaluateValidators(documentWith(rules), { transcript: 'X' }, {}, (p, f, t) => {
      seen.push(`${p}/${f}/${t}`)
      return false
    })
    expect(seen).toEqual(['^x$/i/X'])
    expect(result.errors.transcript).toEqual(['The value does not have the required form.'])
  })

  it('knows every rule type and refuses unknown ones', () => {
    expect(issuesOf(ValidatorRuleSchema, { type: 'nonsense', field: 'a' })[0]?.[0]).toBe('type')
    expect(
      issuesOf(RowVisibilityRuleSchema, { row: -1, when: { field: 'a', empty: true } })[0]?.[0],
    ).toBe('row')
  })
})
