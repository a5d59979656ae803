import { notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/common'

/**
 * A route's `params` option for its id segments: numbers in the app, strings in the path. A path
 * whose id is not a positive integer names nothing, so the not-found page is shown instead of
 * asking the server about it. Only `keys` are read: a parent route parses its own.
 */
export function idParams<K extends string>(...keys: K[]) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> => {
      const ids = {} as Record<K, number>
      for (const key of keys) {
        const parsed = v.safeParse(IdParamSchema, raw[key])
        if (!parsed.success) throw notFound()
        ids[key] = parsed.output
      }
      return ids
    },
    stringify: (ids: Record<K, number>): Record<K, string> => {
      const raw = {} as Record<K, string>
      for (const key of keys) raw[key] = String(ids[key])
      return raw
    },
  }
}
