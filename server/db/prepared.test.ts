import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { DatabaseHandle } from './client'
import { preparedPerDatabase, prepareRaw } from './prepared'
import { users } from './schema'

let database: DatabaseHandle
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  await database.db.insert(users).values([{ username: 'prepared-a' }, { username: 'prepared-b' }])
})
afterAll(() => drop())

describe('prepared statements', () => {
  it('builds a statement once per database handle and runs it with its placeholders', async () => {
    let builds = 0
    const userNamed = preparedPerDatabase((db) => {
      builds += 1
      return db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.username, sql.placeholder('username')))
        .prepare('test_user_named')
    })
    const { db } = database
    expect(await userNamed(db).execute({ username: 'prepared-a' })).toEqual([
      { username: 'prepared-a' },
    ])
    expect(await userNamed(db).execute({ username: 'prepared-b' })).toEqual([
      { username: 'prepared-b' },
    ])
    expect(await userNamed(db).execute({ username: 'nobody' })).toEqual([])
    expect(builds).toBe(1)
  })

  it('runs a hand-written statement under its name, in transactions too', async () => {
    const query = sql`select username from ${users}
      where username like ${sql.placeholder('pattern')} order by username`
    const { db } = database
    const rows = await prepareRaw<{ username: string }>(db, 'test_users_like', query).execute({
      pattern: 'prepared-%',
    })
    expect(rows).toEqual([{ username: 'prepared-a' }, { username: 'prepared-b' }])
    const inTransaction = await db.transaction((tx) =>
      prepareRaw<{ username: string }>(tx, 'test_users_like', query).execute({
        pattern: '%-b',
      }),
    )
    expect(inTransaction).toEqual([{ username: 'prepared-b' }])
  })
})
