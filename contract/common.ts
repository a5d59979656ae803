import * as v from 'valibot'
import { msg } from '#lingui-message'
import { english } from './english-message'

/** Every list call answers with this envelope (offset/limit paging). */
export const pagedSchema = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({
    count: v.number(),
    next: v.nullable(v.string()),
    previous: v.nullable(v.string()),
    results: v.array(item),
  })

export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/**
 * The database keeps ids and counts in 4-byte integer columns; a larger number can name nothing
 * and would fail in the database, so the contract refuses it as a bad field.
 */
export const DB_INTEGER_MAX = 2_147_483_647

/** A whole number from min to max, inclusive, with messages naming the bounds. */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.number(),
    v.integer(english(msg`must be a whole number`)),
    v.minValue(min, english(msg({ message: 'must be at least {min}' }), { min })),
    v.maxValue(max, english(msg({ message: 'must be at most {max}' }), { max })),
  )

export const IdSchema = wholeNumber(1, DB_INTEGER_MAX)

/**
 * A whole number from min to max given as text (paths, query strings, form fields), written
 * without leading zeros so that each number has one spelling.
 */
export const wholeNumberText = (
  min: number,
  max: number,
  notANumber = english(msg`must be a whole number`),
) =>
  v.pipe(
    v.string(),
    v.regex(/^(0|[1-9]\d{0,15})$/, notANumber),
    v.transform(Number),
    v.minValue(min, english(msg({ message: 'must be at least {min}' }), { min })),
    v.maxValue(max, english(msg({ message: 'must be at most {max}' }), { max })),
  )

/** Path parameter ids (and ids in query strings and forms) arrive as strings. */
export const IdParamSchema = wholeNumberText(1, DB_INTEGER_MAX, english(msg`must be an id`))

export const IsoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp())

export const SuccessSchema = v.object({ detail: v.string() })

/** How deep any JSON request body may nest; a deeper body is refused before it is parsed. */
export const JSON_BODY_MAX_DEPTH = 64
/** Free-form JSON fields (a task's local parameters): their nesting depth and JSON length. */
export const JSON_FIELD_MAX_DEPTH = 16
export const JSON_FIELD_MAX_LENGTH = 100_000

export const NOT_AN_OBJECT_MESSAGE = english(msg`must be a JSON object, not an array or a value`)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The schema, taking JSON objects only: valibot's object and record schemas take an array for an
 * object (`[]` passes as an empty record), which no field of this API means.
 */
export const objectOnly = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.pipe(v.custom<v.InferInput<TSchema>>(isPlainObject, NOT_AN_OBJECT_MESSAGE), schema)

/** A record whose keys and values follow the given schemas, and which is no array. */
export const objectRecord = <
  TKey extends v.GenericSchema<string, string | number | symbol>,
  TValue extends v.GenericSchema,
>(
  key: TKey,
  value: TValue,
) => objectOnly(v.record(key, value))

/** How many levels of objects and arrays a JSON value nests: 0 for a plain value. */
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 0]]
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null) continue
    deepest = Math.max(deepest, depth + 1)
    for (const child of Object.values(current)) pending.push([child, depth + 1])
  }
  return deepest
}

/** A free-form JSON object (a task's local parameters), bounded in depth and length. */
export const FreeJsonObjectSchema = v.pipe(
  objectRecord(v.string(), v.unknown()),
  v.check(
    (value) => jsonDepth(value) <= JSON_FIELD_MAX_DEPTH,
    english(msg({ message: 'may nest at most {max} levels deep' }), { max: JSON_FIELD_MAX_DEPTH }),
  ),
  v.check(
    (value) => JSON.stringify(value).length <= JSON_FIELD_MAX_LENGTH,
    english(msg({ message: 'may be at most {max} characters of JSON' }), {
      max: JSON_FIELD_MAX_LENGTH,
    }),
  ),
)
