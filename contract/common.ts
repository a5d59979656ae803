import * as v from 'valibot'

/** Every list call answers with this envelope (offset/limit paging). */
export const pagedSchema = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({
    count: v.number(),
    next: v.nullable(v.string()),
    previous: v.nullable(v.string()),
    results: v.array(item),
  })

export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1))

/** Path parameter ids arrive as strings. */
export const IdParamSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,14}$/, 'must be a positive integer'),
  v.transform(Number),
)

export const IsoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp())

export const EmptyObjectSchema = v.object({})

export const SuccessSchema = v.object({ detail: v.string() })
