import { inArray } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import { foreignKeyName, isForeignKeyViolation } from '../../db/errors'
import type { clientGroups, endworkerGroups, users } from '../../db/schema'
import { fieldError } from '../../http/errors'

/**
 * The ids among `ids` that name no row of the table. The rows found stay locked against deletion
 * until the transaction ends (FOR KEY SHARE: the lock a foreign-key check takes, which blocks
 * only deletes and key changes), so a check made here still holds when the save writes: a
 * concurrent delete waits for the save, or the save waits for the delete and finds the row gone.
 */
export async function missingIds(
  db: Db,
  table: typeof endworkerGroups | typeof clientGroups | typeof users,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids))
    .for('key share')
  const found = new Set(rows.map((row) => row.id))
  return [...new Set(ids)].filter((id) => !found.has(id))
}

/** A field of a form that names other rows, and the column its save writes them to. */
export type Reference = { field: string; column: AnyPgColumn }

/**
 * Runs a save, answering a foreign key that found the row it names deleted as an error on the
 * field naming it instead of a 500. The locked checks above leave no such window; this keeps a
 * check missed later from becoming one.
 */
export async function savingReferences<T>(references: Reference[], save: Promise<T>): Promise<T> {
  try {
    return await save
  } catch (error) {
    const gone = references.find(({ column }) =>
      isForeignKeyViolation(error, foreignKeyName(column)),
    )
    if (gone) {
      throw fieldError(gone.field, msg`Something chosen here was deleted meanwhile: choose again.`)
    }
    throw error
  }
}
