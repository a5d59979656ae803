import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { DatabaseHandle } from './client'
import { CopyRows, copyRows } from './copy'

let database: DatabaseHandle
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})
afterAll(() => drop())

/** Loads the rows into a temporary table (id, label, document) and reads them back in order. */
async function roundTrip(rows: CopyRows, columns = ['id', 'label', 'document']) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table copied (id int, label text, document jsonb)
      on commit drop`)
    await copyRows(tx, 'copied', columns, rows)
    const result = (await tx.execute(
      sql`select id, label, document from copied order by id`,
    )) as unknown as { rows: { id: number; label: string | null; document: unknown }[] }
    return result.rows
  })
}

describe('COPY rows written as bytes', () => {
  it('escapes tabs, line breaks and backslashes, writes null as null and keeps any text', async () => {
    const label = 'tab\there, line\nbreak, return\r, back\\slash, \\N, zażółć 日本 🎉'
    const document = { quote: 'say "hi"\n', path: 'C:\\dir' }
    // A buffer far smaller than the rows: it grows as they are written.
    const rows = new CopyRows(16)
    rows.row([1, label, JSON.stringify(document)])
    rows.row([2, null, null])
    expect(await roundTrip(rows)).toEqual([
      { id: 1, label, document },
      { id: 2, label: null, document: null },
    ])
  })

  it('starts over after clear, reusing the buffer', async () => {
    const rows = new CopyRows(16)
    rows.row([1, 'first batch', '{}'])
    rows.clear()
    expect(rows.byteLength).toBe(0)
    rows.row([3, 'second batch', '[]'])
    expect(await roundTrip(rows)).toEqual([{ id: 3, label: 'second batch', document: [] }])
  })

  it('leads each row of another buffer by a field known only when they are sent', async () => {
    const source = new CopyRows()
    for (const label of ['a\tb', 'c\nd', 'e']) source.row([label, JSON.stringify({ label })])
    const led = new CopyRows(8)
    led.setRowsLedBy(source, (row) => 10 + row)
    expect(await roundTrip(led)).toEqual([
      { id: 10, label: 'a\tb', document: { label: 'a\tb' } },
      { id: 11, label: 'c\nd', document: { label: 'c\nd' } },
      { id: 12, label: 'e', document: { label: 'e' } },
    ])
  })
})
