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

const TAB = 0x09
const NEWLINE = 0x0a
/** The most UTF-8 bytes one UTF-16 code unit of a JavaScript string encodes to. */
const MAX_BYTES_PER_CODE_UNIT = 3

/**
 * Rows for `COPY ... FROM STDIN` in text format, written as UTF-8 straight into a byte buffer
 * that grows to the largest batch and is then reused (`clear`): a batch costs no JavaScript
 * string of its whole text and, once the buffer has grown, no allocation at all, so nothing of
 * it lingers in the heap for the garbage collector. Escaped rows hold no raw newline but their
 * last byte.
 */
export class CopyRows {
  private buffer: Buffer<ArrayBuffer>
  private used = 0

  constructor(initialBytes = 256 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes)
  }

  /** Appends one row of these fields, escaped. */
  row(fields: readonly (string | number | null)[]): void {
    for (let index = 0; index < fields.length; index++) {
      if (index > 0) this.byte(TAB)
      this.text(copyField(fields[index]!))
    }
    this.byte(NEWLINE)
  }

  /**
   * Replaces the rows with those of `source`, each led by one more field, `leading(i)` for the
   * i-th row: for a column whose value is known only when the rows are sent.
   */
  setRowsLedBy(source: CopyRows, leading: (row: number) => string | number | null): void {
    this.used = 0
    const bytes = source.bytes()
    for (let row = 0, start = 0; start < bytes.length; row++) {
      const end = bytes.indexOf(NEWLINE, start) + 1
      this.text(copyField(leading(row)))
      this.byte(TAB)
      this.reserve(end - start)
      this.used += bytes.copy(this.buffer, this.used, start, end)
      start = end
    }
  }

  /** The rows written since the last `clear`; valid until the next write. */
  bytes(): Buffer<ArrayBuffer> {
    return this.buffer.subarray(0, this.used)
  }

  get byteLength(): number {
    return this.used
  }

  clear(): void {
    this.used = 0
  }

  private byte(value: number) {
    this.reserve(1)
    this.buffer[this.used++] = value
  }

  private text(value: string) {
    this.reserve(value.length * MAX_BYTES_PER_CODE_UNIT)
    this.used += this.buffer.write(value, this.used)
  }

  private reserve(bytes: number) {
    if (this.used + bytes <= this.buffer.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + bytes))
    this.buffer.copy(grown, 0, 0, this.used)
    this.buffer = grown
  }
}

/**
 * Loads rows into `table (columns)` with `COPY ... FROM STDIN` in the transaction `tx`.
 * PostgreSQL takes them as a stream (pg-copy-streams) on the transaction's own connection; the
 * embedded PGlite reads them as a blob, its way of taking COPY data. Either way the bytes are
 * no longer needed once this resolves, so the caller may write over them.
 */
export async function copyRows(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: CopyRows,
): Promise<void> {
  const statement = `copy ${table} (${columns.join(', ')}) from stdin`
  // Drizzle keeps the transaction's connection on its session: a pg pool client, or PGlite's
  // transaction object. COPY needs that connection itself, not Drizzle's query builder.
  const connection = (tx as unknown as { session: { client: unknown } }).session.client
  if (isPgClient(connection)) {
    await pipeline(Readable.from([rows.bytes()]), connection.query(copyFrom(statement)))
    return
  }
  await (connection as PgliteTransaction).query(
    `copy ${table} (${columns.join(', ')}) from '/dev/blob'`,
    [],
    { blob: new Blob([rows.bytes()]) },
  )
}

function isPgClient(connection: unknown): connection is pg.PoolClient {
  return typeof (connection as pg.PoolClient).release === 'function'
}
