import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { DatabaseHandle } from './client'
import { foreignKeyName, isForeignKeyViolation, isUniqueViolation } from './errors'
import * as schema from './schema'
import { endworkerGroupMembers, endworkerGroups } from './schema'

let database: DatabaseHandle
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})
afterAll(() => drop())

async function failure(write: Promise<unknown>): Promise<unknown> {
  try {
    await write
  } catch (error) {
    return error
  }
  throw new Error('the write did not fail')
}

describe('database errors', () => {
  it('names every foreign key of the schema as the migrated database does', async () => {
    const tables = Object.values(schema).filter((value) => is(value, PgTable))
    const derived = tables.flatMap((table) =>
      getTableConfig(table).foreignKeys.map((key) => foreignKeyName(key.reference().columns[0]!)),
    )
    const { rows } = (await database.db.execute(
      sql`select conname from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    )) as unknown as { rows: { conname: string }[] }
    expect(derived.length).toBeGreaterThan(50)
    expect(derived.sort()).toEqual(rows.map((row) => row.conname).sort())
  })

  it('tells a foreign-key violation from a unique one, by constraint', async () => {
    const [group] = await database.db
      .insert(endworkerGroups)
      .values({ name: 'errors-group' })
      .returning()
    const gone = await failure(
      database.db.insert(endworkerGroupMembers).values({ groupId: group!.id, userId: 999_999 }),
    )
    expect(isForeignKeyViolation(gone)).toBe(true)
    expect(isForeignKeyViolation(gone, foreignKeyName(endworkerGroupMembers.userId))).toBe(true)
    expect(isForeignKeyViolation(gone, foreignKeyName(endworkerGroupMembers.groupId))).toBe(false)
    expect(isUniqueViolation(gone)).toBe(false)

    const taken = await failure(
      database.db.insert(endworkerGroups).values({ name: 'errors-group' }),
    )
    expect(isUniqueViolation(taken)).toBe(true)
    expect(isUniqueViolation(taken, 'endworker_groups_name_unique')).toBe(true)
    expect(isUniqueViolation(taken, 'users_username_lower_key')).toBe(false)
    expect(isForeignKeyViolation(taken)).toBe(false)
    expect(isForeignKeyViolation(new Error('no database error'))).toBe(false)
  })
})
