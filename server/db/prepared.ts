import type { SQL } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Prepared statements for queries that run on every request of a hot path. Such a statement is
 * built once per database handle (Drizzle does not build its SQL again) and runs under its name,
 * so PostgreSQL parses and plans it once per connection instead of on every call; for short
 * queries planning costs more than running them. Values go in through `sql.placeholder`. A name
 * stands for one SQL text. PGlite has no named statements and runs the text as it is.
 *
 *   const liveSession = preparedPerDatabase((db) =>
 *     db.select().from(sessions).where(eq(sessions.idHash, sql.placeholder('idHash')))
 *       .prepare('find_live_session'))
 *   const rows = await liveSession(db).execute({ idHash })
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let statement = built.get(db)
    if (statement === undefined) {
      statement = build(db)
      built.set(db, statement)
    }
    return statement
  }
}

/** A hand-written statement prepared under `name`; its rows come as the driver gives them. */
export function prepareRaw<Row>(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(db.execute(query).getQuery(), undefined, name, false)
  return {
    execute: async (values: Record<string, unknown>): Promise<Row[]> =>
      ((await prepared.execute(values)) as { rows: Row[] }).rows,
  }
}
