import { type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core'

/** The surrogate key of most tables. */
export const identityId = () => integer().primaryKey().generatedAlwaysAsIdentity()

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

export const requiredTimestamp = () => timestamp({ withTimezone: true }).notNull()

export const optionalTimestamp = () => timestamp({ withTimezone: true })

/** A row that belongs to the referenced one and goes with it. */
export const cascadeRef = (ref: () => AnyPgColumn) =>
  integer().notNull().references(ref, { onDelete: 'cascade' })

/** An optional reference to a row it belongs to: it goes with that row. */
export const optionalCascadeRef = (ref: () => AnyPgColumn) =>
  integer().references(ref, { onDelete: 'cascade' })

/** A required reference that keeps the referenced row from being deleted while in use. */
export const restrictRef = (ref: () => AnyPgColumn) =>
  integer().notNull().references(ref, { onDelete: 'restrict' })

/** An optional reference, cleared when the referenced row is deleted. */
export const setNullRef = (ref: () => AnyPgColumn) =>
  integer().references(ref, { onDelete: 'set null' })

/**
 * Fixed values as a list of quoted SQL literals. Check constraints cannot take query parameters,
 * so their values are inlined.
 */
export function textLiterals(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
}

/** A check that a text column holds one of a fixed set of values. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${textLiterals(values)})`
}
