import { notFound } from '@tanstack/react-router'
import * as v from 'valibot'

// Kept apart from route-data: route files check their params and search at start-up, and this
// module pulls no query or contract code into the start-up bundle with it.

/** A definition id from the path; anything but a positive whole number is a missing page. */
export function parseIdParam(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw notFound()
  return Number(value)
}

/** `replaced`: on a version's page, the version an edit has just replaced with it. */
export const replacedSearch = v.fallback(
  v.object({ replaced: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
  {},
)
