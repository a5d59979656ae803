import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  DB_INTEGER_MAX,
  FreeJsonObjectSchema,
  IdParamSchema,
  IdSchema,
  JSON_FIELD_MAX_DEPTH,
  JSON_FIELD_MAX_LENGTH,
  jsonDepth,
  NOT_AN_OBJECT_MESSAGE,
  objectOnly,
  objectRecord,
} from './common'

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('ids', () => {
  it('take the database integer range, in JSON and as text', () => {
    expect(v.parse(IdSchema, DB_INTEGER_MAX)).toBe(DB_INTEGER_MAX)
    expect(v.parse(IdParamSchema, String(DB_INTEGER_MAX))).toBe(DB_INTEGER_MAX)
    for (const id of [2_147_483_648, 2 ** 63, 1e308]) {
      expect(messages(IdSchema, id)).toEqual([`must be at most ${DB_INTEGER_MAX}`])
    }
    expect(messages(IdParamSchema, '2147483648')).toEqual([`must be at most ${DB_INTEGER_MAX}`])
    expect(messages(IdParamSchema, '99999999999999999999')).toEqual(['must be an id'])
    expect(messages(IdParamSchema, '0')).toEqual(['must be at least 1'])
    expect(messages(IdParamSchema, '007')).toEqual(['must be an id'])
    expect(messages(IdSchema, 1.5)).toEqual(['must be a whole number'])
  })
})

describe('objects', () => {
  it('refuse arrays, which valibot takes for records and all-optional objects', () => {
    const metadata = objectRecord(v.string(), v.string())
    expect(v.is(v.record(v.string(), v.string()), [])).toBe(true)
    expect(messages(metadata, [])).toEqual([NOT_AN_OBJECT_MESSAGE])
    expect(messages(metadata, ['a'])).toEqual([NOT_AN_OBJECT_MESSAGE])
    expect(v.parse(metadata, { a: 'b' })).toEqual({ a: 'b' })
    const patch = objectOnly(v.strictObject({ name: v.optional(v.string()) }))
    expect(messages(patch, [])).toEqual([NOT_AN_OBJECT_MESSAGE])
    expect(messages(patch, null)).toEqual([NOT_AN_OBJECT_MESSAGE])
    expect(v.parse(patch, {})).toEqual({})
  })
})

describe('free-form JSON', () => {
  const nestedObject = (depth: number): unknown =>
    depth <= 1 ? {} : { a: nestedObject(depth - 1) }

  it('counts nesting without recursion', () => {
    expect(jsonDepth('text')).toBe(0)
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4)
    let deep: unknown[] = []
    for (let level = 1; level < 100_000; level += 1) deep = [deep]
    expect(jsonDepth(deep)).toBe(100_000)
  })

  it('bounds depth and length', () => {
    expect(v.is(FreeJsonObjectSchema, nestedObject(JSON_FIELD_MAX_DEPTH))).toBe(true)
    expect(messages(FreeJsonObjectSchema, nestedObject(JSON_FIELD_MAX_DEPTH + 1))).toEqual([
      `may nest at most ${JSON_FIELD_MAX_DEPTH} levels deep`,
    ])
    expect(messages(FreeJsonObjectSchema, { a: 'x'.repeat(JSON_FIELD_MAX_LENGTH) })).toEqual([
      `may be at most ${JSON_FIELD_MAX_LENGTH} characters of JSON`,
    ])
    expect(messages(FreeJsonObjectSchema, [])).toEqual([NOT_AN_OBJECT_MESSAGE])
  })
})
