import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { i18n } from '../../i18n/i18n'
import { submissionErrors, validate } from './form-errors'

const refusal = (fields: Record<string, string[]>) =>
  new ApiError(400, 'validation_error', 'Invalid body.', fields)

describe('submission errors', () => {
  it('places messages under the form fields, and under the parts of nested ones', () => {
    const found = submissionErrors(
      refusal({
        name: ['Taken.'],
        'schema.annotation_schema.a.grid_placement.column': ['Overlaps.'],
        'languages.0': ['Unknown language.'],
      }),
      i18n,
      { fields: ['name', 'schema', 'languages'], nested: ['schema'] },
    )
    expect(found.fields).toEqual({
      name: 'Taken.',
      'schema.annotation_schema.a.grid_placement.column': 'Overlaps.',
    })
    // A part of a field that shows no nested errors is not lost: it is said in general.
    expect(found.general).toBe('Unknown language.')
  })
})

describe('validate', () => {
  it("uses the form's own wording where it has one", () => {
    const schema = v.object({
      name: v.pipe(v.string(), v.minLength(1)),
      total: v.pipe(
        v.number(),
        v.check((total) => total < 10, 'Less than 10, please.'),
      ),
    })
    const result = validate(schema, { name: '', total: 12 }, i18n, (issue) =>
      issue.type === 'check' ? issue.message : undefined,
    )
    expect(result.errors).toEqual({
      name: 'This field is required.',
      total: 'Less than 10, please.',
    })
  })
})
