import * as v from 'valibot'
import { DEFAULT_PAGE_SIZE } from '../../../../../contract/constants'
import { orderingsOf } from '../../../../../contract/query'

/**
 * Search parameter schemas of the client's list pages: each is optional, and a value that makes
 * no sense (an edited URL) is dropped rather than breaking the page.
 */
export const lenient = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined)

/** The router reads `?search=12` as the number 12, so text takes numbers too. */
export const optionalText = lenient(v.pipe(v.union([v.string(), v.number()]), v.transform(String)))

/** An id or a page number. */
export const optionalPositiveInt = lenient(v.pipe(v.number(), v.integer(), v.minValue(1)))

/** A day as YYYY-MM-DD (the value of a date input). */
export const optionalDay = lenient(v.pipe(v.string(), v.isoDate()))

/** `field` ascending or `-field` descending, from a list's ordering fields. */
export const optionalOrdering = <const TField extends string>(fields: readonly TField[]) =>
  lenient(v.picklist(orderingsOf(fields)))

// A date-time without an offset is read in the browser's time zone (dayjs, which the date
// pickers use, stays out of the start-up bundle that holds these search checks).

/** The first moment of a day in the browser's time zone, for an inclusive lower bound. */
export const dayStart = (day: string | undefined) =>
  day ? new Date(`${day}T00:00:00`).toISOString() : undefined

/** The last moment of a day in the browser's time zone, for an inclusive upper bound. */
export const dayEnd = (day: string | undefined) =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined

/** A page number as the client lists keep it in the URL: none for the first page. */
export const pageParam = (page: number) => (page === 1 ? undefined : page)

/** The offset and limit of a 1-based page of the client lists (page size 10). */
export const pageWindow = (page: number | undefined) => ({
  offset: ((page ?? 1) - 1) * DEFAULT_PAGE_SIZE,
  limit: DEFAULT_PAGE_SIZE,
})
