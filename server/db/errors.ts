import { getTableName } from 'drizzle-orm'
import { CasingCache } from 'drizzle-orm/casing'
import { type AnyPgColumn, getTableConfig } from 'drizzle-orm/pg-core'

type DatabaseError = Error & { code?: string; constraint?: string }

/** Drizzle wraps the driver's error, so the SQLSTATE may sit further down the causes. */
function violation(error: unknown, sqlState: string, constraint: string | undefined): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as DatabaseError
    if (code === sqlState)
      return name === undefined || constraint === undefined || name === constraint
  }
  return false
}

/**
 * Whether a query failed on the unique index `constraint`, or on any unique index when none is
 * named (a concurrent insert won the race).
 */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  violation(error, '23505', constraint)

/**
 * Whether a write failed on the foreign key `constraint`, or on any when none is named, because
 * the row it names is not there (deleted by a concurrent transaction).
 */
export const isForeignKeyViolation = (error: unknown, constraint?: string): boolean =>
  violation(error, '23503', constraint)

const columnNames = new CasingCache('snake_case')
/** PostgreSQL's NAMEDATALEN less one: longer identifiers are cut to this many bytes. */
const MAX_IDENTIFIER_BYTES = 63

/**
 * The name of the foreign key on `column` in the database: the migrations' default name
 * (table, columns, referenced table and columns, `fk`) as PostgreSQL stores it, cut at its
 * identifier length.
 */
export function foreignKeyName(column: AnyPgColumn): string {
  const key = getTableConfig(column.table)
    .foreignKeys.map((foreignKey) => foreignKey.reference())
    .find((reference) => reference.columns.includes(column))
  if (!key) throw new Error(`${getTableName(column.table)}.${column.name} has no foreign key`)
  const [foreignColumn] = key.foreignColumns
  if (!foreignColumn) throw new Error('a foreign key without columns')
  const name =
    key.name ??
    [
      getTableName(column.table),
      ...key.columns.map((part) => columnNames.getColumnCasing(part)),
      getTableName(foreignColumn.table),
      ...key.foreignColumns.map((part) => columnNames.getColumnCasing(part)),
      'fk',
    ].join('_')
  return name.slice(0, MAX_IDENTIFIER_BYTES)
}
