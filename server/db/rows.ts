import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

/** A table whose rows have a numeric `id`. */
type TableWithId = PgTable & { id: PgColumn }

/**
 * Writes to single rows of a table, by id. `what` names a row in the error raised should an
 * insert answer nothing.
 */
export function rowsById<TTable extends TableWithId>(table: TTable, what: string) {
  return {
    /** The row, locked until the transaction ends so that two edits of it queue up. */
    lock: async (db: Db, id: number): Promise<TTable['$inferSelect'] | undefined> => {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')
      return row as TTable['$inferSelect'] | undefined
    },

    /** Inserts one row and answers its id. */
    insert: async (db: Db, values: TTable['$inferInsert']): Promise<number> => {
      const [row] = await db.insert(table).values(values).returning({ id: table.id })
      if (!row) throw new Error(`${what} insert returned nothing`)
      return row.id as number
    },

    /** Sets the given columns; values left undefined are kept as they are. */
    update: async (db: Db, id: number, values: Partial<TTable['$inferInsert']>): Promise<void> => {
      if (Object.values(values).every((value) => value === undefined)) return
      await db.update(table).set(values).where(eq(table.id, id))
    },
  }
}
