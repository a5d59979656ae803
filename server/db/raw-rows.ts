import type { SQL } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Rows of a hand-written query. Both drivers answer `execute` with `{ rows }`; counts must be
 * cast to int in SQL, since PostgreSQL's bigint would arrive as text.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Timestamps of hand-written queries arrive as Date from both drivers; text is accepted too. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return (value instanceof Date ? value : new Date(value)).toISOString()
}
