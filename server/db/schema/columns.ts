import { type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core'

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

export const optionalTimestamp = () => timestamp({ withTimezone: true })

/**
 * A check that a text column holds one of a fixed set of values. Check constraints cannot take
 * query parameters, so the values are inlined as quoted literals.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')
  return sql`${column} in (${sql.raw(literals)})`
}
