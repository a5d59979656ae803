import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Tx } from './client'

/** One field of a `COPY ... FROM STDIN` row in text format: `\N` for null, escapes otherwise. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N'
  if (typeof value === 'number') return String(value)
  return value.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]!)
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/**
 * Loads rows into `table (columns)` with `COPY ... FROM STDIN` in the transaction `tx`: `rows` is
 * text format, one line per row ending in a newline, fields joined by tabs (see `copyField`).
 * PostgreSQL takes it as a stream (pg-copy-streams) on the transaction's own connection; the
 * embedded PGlite reads it as a blob, its way of taking COPY data.
 */
export async function copyRows(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: string,
): Promise<void> {
  const statement = `copy ${table} (${columns.join(', ')}) from stdin`
  // Drizzle keeps the transaction's connection on its session: a pg pool client, or PGlite's
  // transaction object. COPY needs that connection itself, not Drizzle's query builder.
  const connection = (tx as unknown as { session: { client: unknown } }).session.client
  if (isPgClient(connection)) {
    await pipeline(Readable.from([rows]), connection.query(copyFrom(statement)))
    return
  }
  await (connection as PgliteTransaction).query(
    `copy ${table} (${columns.join(', ')}) from '/dev/blob'`,
    [],
    { blob: new Blob([rows]) },
  )
}

function isPgClient(connection: unknown): connection is pg.PoolClient {
  return typeof (connection as pg.PoolClient).release === 'function'
}
