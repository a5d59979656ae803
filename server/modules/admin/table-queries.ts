import { eq, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, LockStrength, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Ordering } from '../../../contract/query'
import type { Db } from '../../db/client'
import { orderOf } from '../review/listing'
import { nameMatches } from '../task-definitions/listing'

export type IdTable = PgTable & { id: AnyPgColumn }

export type PageQuery<TField extends string> = {
  search?: string
  ordering: Ordering<TField>
  offset: number
  limit: number
}

/** Text sorts without case, the same on PostgreSQL and PGlite whatever their collations. */
export const caseless = (column: AnyPgColumn) => sql`lower(${column})`

/**
 * The row queries every admin collection needs of its table: a searched, ordered page, one row,
 * whether a unique text is taken (without case), and insert, update and delete by id.
 */
export function tableQueries<TTable extends IdTable, TField extends string>(spec: {
  table: TTable
  /** Columns the search looks in. */
  searchIn: AnyPgColumn[]
  /** The sort expression of each ordering field; ties are broken by id. */
  orderColumns: Record<TField, SQL>
  /** The column no two rows may share, compared without case. */
  unique: AnyPgColumn
}) {
  type Row = TTable['$inferSelect']
  const { table } = spec
  const byId = (id: number) => eq(table.id, id)
  return {
    async page(db: Db, query: PageQuery<TField>): Promise<{ count: number; rows: Row[] }> {
      const where = query.search
        ? or(...spec.searchIn.map((column) => nameMatches(column, query.search)))
        : undefined
      const count = await db.$count(table, where)
      const rows = await db
        .select()
        .from(table as IdTable)
        .where(where)
        .orderBy(orderOf(spec.orderColumns, query.ordering, sql`${table.id}`))
        .offset(query.offset)
        .limit(query.limit)
      return { count, rows: rows as Row[] }
    },
    /** The row, locked until the transaction ends when a `lock` is given. */
    async find(db: Db, id: number, lock?: LockStrength): Promise<Row | undefined> {
      const query = db
        .select()
        .from(table as IdTable)
        .where(byId(id))
      const [row] = lock ? await query.for(lock) : await query
      return row as Row | undefined
    },
    async taken(db: Db, value: string, exceptId: number | null): Promise<boolean> {
      const [row] = await db
        .select({ id: table.id })
        .from(table as IdTable)
        .where(sql`lower(${spec.unique}) = lower(${value})`)
      return row !== undefined && row.id !== exceptId
    },
    async insert(db: Db, values: TTable['$inferInsert']): Promise<Row> {
      const [row] = await db.insert(table).values(values).returning()
      if (!row) throw new Error('insert returned nothing')
      return row as Row
    },
    /** Whether the row was there to update. */
    async update(db: Db, id: number, values: PgUpdateSetSource<TTable>): Promise<boolean> {
      const rows = await db.update(table).set(values).where(byId(id)).returning({ id: table.id })
      return rows.length > 0
    },
    async remove(db: Db, id: number): Promise<void> {
      await db.delete(table).where(byId(id))
    },
  }
}
