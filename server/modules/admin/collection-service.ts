import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { fieldError, notFound } from '../../http/errors'
import type { ApiMessage } from '../../http/i18n'
import { type Reference, savingReferences } from './references'
import type { IdTable, PageQuery, tableQueries } from './table-queries'
import { refuseIfUsed, type Usage } from './usage'

/**
 * The rules every admin collection shares: a unique name (or code), 404 for an unknown id, 409
 * naming what still uses an entry, and every write in one transaction with its own checks and
 * links (`check`, `link`). Checks of other rows lock them (see `missingIds`), so the write still
 * finds them.
 */
export function collectionService<
  TTable extends IdTable,
  TField extends string,
  TInput,
  TView,
>(spec: {
  queries: ReturnType<typeof tableQueries<TTable, TField>>
  /** The answers for rows (groups read their links here). */
  views: (db: Db, rows: TTable['$inferSelect'][]) => Promise<TView[]> | TView[]
  values: (input: TInput) => TTable['$inferInsert'] & PgUpdateSetSource<TTable>
  unique: { field: string; of: (input: TInput) => string; taken: ApiMessage }
  /** Rules of the collection beyond the unique field. */
  check?: (db: Db, id: number | null, input: TInput) => Promise<void>
  /** The fields naming other rows, for a foreign key that still finds one gone. */
  references?: Reference[]
  /** Writes what belongs to the entry in other tables (members, coordinators). */
  link?: (db: Db, id: number, input: TInput) => Promise<void>
  usage: (db: Db, id: number) => Promise<Usage>
  /** The entry in a sentence: 'The language Polish'. */
  describe: (row: TTable['$inferSelect']) => ApiMessage
  missing: ApiMessage
}) {
  const { queries } = spec
  const existing = async (db: Db, id: number) => {
    const row = await queries.find(db, id)
    if (!row) throw notFound(spec.missing)
    return row
  }
  const viewOf = async (db: Db, id: number) => {
    const [view] = await spec.views(db, [await existing(db, id)])
    return view as TView
  }
  const checkInput = async (db: Db, id: number | null, input: TInput) => {
    if (await queries.taken(db, spec.unique.of(input), id)) {
      throw fieldError(spec.unique.field, spec.unique.taken)
    }
    await spec.check?.(db, id, input)
  }
  /** The check above cannot see a concurrent write of the same name; the unique index can. */
  const writing = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(spec.unique.field, spec.unique.taken)
      throw error
    }
  }
  return {
    async list(db: Db, query: PageQuery<TField>) {
      const { count, rows } = await queries.page(db, query)
      return { count, results: await spec.views(db, rows) }
    },
    create: (db: Db, input: TInput) =>
      savingReferences(
        spec.references ?? [],
        db.transaction(async (tx) => {
          await checkInput(tx, null, input)
          const { id } = (await writing(queries.insert(tx, spec.values(input)))) as { id: number }
          await spec.link?.(tx, id, input)
          return viewOf(tx, id)
        }),
      ),
    replace: (db: Db, id: number, input: TInput) =>
      savingReferences(
        spec.references ?? [],
        db.transaction(async (tx) => {
          await existing(tx, id)
          await checkInput(tx, id, input)
          // Deleted since it was read: its links would name no row.
          if (!(await writing(queries.update(tx, id, spec.values(input))))) {
            throw notFound(spec.missing)
          }
          await spec.link?.(tx, id, input)
          return viewOf(tx, id)
        }),
      ),
    remove: (db: Db, id: number) =>
      db.transaction(async (tx) => {
        const row = await existing(tx, id)
        refuseIfUsed(spec.describe(row), await spec.usage(tx, id))
        await queries.remove(tx, id)
      }),
  }
}
