import { type SQL, sql } from 'drizzle-orm'
import type { Ordering } from '../../../contract/query'

/** The conditions given (falsy ones left out) joined by `and`. */
export function whereAll(conditions: (SQL | false | undefined | 0)[]): SQL {
  const given = conditions.filter((condition): condition is SQL => Boolean(condition))
  if (given.length === 0) return sql`true`
  return sql.join(
    given.map((condition) => sql`(${condition})`),
    sql` and `,
  )
}

/** `ordering` (a field, `-` for descending) by its expression, ties broken by `tieBreak`. */
export function orderOf<TField extends string>(
  columns: Record<TField, SQL>,
  ordering: Ordering<TField>,
  tieBreak: SQL,
): SQL {
  const descending = ordering.startsWith('-')
  const field = (descending ? ordering.slice(1) : ordering) as TField
  const direction = descending ? sql`desc nulls last` : sql`asc nulls first`
  return sql`${columns[field]} ${direction}, ${tieBreak} ${descending ? sql`desc` : sql`asc`}`
}
