import * as v from 'valibot'
import { msg } from '#lingui-message'
import { english } from './english-message'

/**
 * Pieces of list queries and form fields, which arrive as text: they turn it into typed values
 * with clear messages.
 */

/** `true` or `false`. */
export const textFlag = v.pipe(
  v.picklist(['true', 'false'], english(msg`must be 'true' or 'false'`)),
  v.transform((value) => value === 'true'),
)

/** A timestamp with its time zone, or a date (midnight UTC). */
export const isoMomentSchema = v.union(
  [v.pipe(v.string(), v.isoTimestamp()), v.pipe(v.string(), v.isoDate())],
  english(msg`must be an ISO 8601 date, or a timestamp with its time zone`),
)

/** An ISO 8601 moment (see isoMomentSchema) as a Date. */
export const textMoment = v.pipe(
  isoMomentSchema,
  v.transform((value) => new Date(value)),
)

/** Text to look for, at most 200 characters. */
export const searchQuery = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)))

export type Ordering<TField extends string> = TField | `-${TField}`

/** Each field ascending, followed by the same field descending (`-field`). */
export const orderingsOf = <const TField extends string>(fields: readonly TField[]) =>
  fields.flatMap((field): Ordering<TField>[] => [field, `-${field}`])

/** `field` ascending or `-field` descending, from the given fields. */
export const orderingQuery = <const TField extends string>(
  fields: readonly TField[],
  fallback: Ordering<TField>,
) =>
  v.optional(
    v.picklist(
      orderingsOf(fields),
      english(msg({ message: 'must be one of {choices}, each optionally prefixed with -' }), {
        choices: fields.join(', '),
      }),
    ),
    fallback,
  )
