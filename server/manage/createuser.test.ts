import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { endworkerProfiles, userPreferences, users } from '../db/schema'
import { verifyPassword } from '../modules/auth/passwords'
import { openTestDatabase } from '../test/harness'
import { type CreateUserInput, createUser, parseCreateUserArgs } from './createuser'
import { CommandError } from './errors'

let db: Db
let drop: () => Promise<void>

beforeAll(async () => {
  const opened = await openTestDatabase()
  db = opened.database.db
  drop = opened.drop
})

afterAll(async () => {
  await drop()
})

const valid: CreateUserInput = {
  username: 'marie.curie',
  email: 'marie@example.org',
  password: 'radium-polonium',
  roles: ['endworker'],
  firstName: 'Marie',
  lastName: 'Curie',
}

async function userCount() {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  return row?.count
}

async function failure(input: CreateUserInput): Promise<string> {
  const before = await userCount()
  const error = await createUser(db, input).then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(CommandError)
  expect(await userCount()).toBe(before)
  return (error as CommandError).message
}

describe('parseCreateUserArgs', () => {
  it('reads every option, with --role repeatable', () => {
    const args = ['--username', 'ada', '--email', 'ada@example.org', '--password', 'p'.repeat(10)]
    const roles = ['--role', 'client', '--role', 'staff', '--first-name', 'Ada', '--last-name', 'L']
    expect(parseCreateUserArgs([...args, ...roles])).toEqual({
      username: 'ada',
      email: 'ada@example.org',
      password: 'pppppppppp',
      roles: ['client', 'staff'],
      firstName: 'Ada',
      lastName: 'L',
    })
  })

  it('names every missing option', () => {
    expect(() => parseCreateUserArgs(['--username', 'ada'])).toThrow(
      /Missing --email, --password, --role\./,
    )
  })

  it('rejects unknown options and stray arguments as command errors', () => {
    expect(() => parseCreateUserArgs(['--usernme', 'ada'])).toThrow(CommandError)
    expect(() => parseCreateUserArgs(['ada'])).toThrow(CommandError)
    expect(() => parseCreateUserArgs(['--username'])).toThrow(CommandError)
  })
})

describe('createUser', () => {
  it('creates an end worker with a hashed password, preferences and a profile', async () => {
    const created = await createUser(db, valid)
    expect(created).toMatchObject({ username: 'marie.curie', roles: ['endworker'] })

    const [user] = await db.select().from(users).where(eq(users.id, created.id))
    expect(user).toMatchObject({
      email: 'marie@example.org',
      firstName: 'Marie',
      lastName: 'Curie',
      roles: ['endworker'],
      isActive: true,
      isSsoAccount: false,
    })
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(user!.passwordHash, 'radium-polonium')).toBe(true)
    const preferences = await db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, created.id))
    expect(preferences).toHaveLength(1)
    const profiles = await db
      .select()
      .from(endworkerProfiles)
      .where(eq(endworkerProfiles.userId, created.id))
    expect(profiles).toHaveLength(1)
  })

  it('gives no profile to other roles and keeps each role once', async () => {
    const created = await createUser(db, {
      ...valid,
      username: 'staffer',
      roles: ['staff', 'coordinator', 'staff'],
    })
    expect(created.roles).toEqual(['staff', 'coordinator'])
    const profiles = await db
      .select()
      .from(endworkerProfiles)
      .where(eq(endworkerProfiles.userId, created.id))
    expect(profiles).toHaveLength(0)
  })

  it('refuses a username taken in any letter case', async () => {
    expect(await failure({ ...valid, username: 'Marie.CURIE' })).toContain(
      '--username: the username "Marie.CURIE" is already taken.',
    )
  })

  it('refuses a username that breaks the rules', async () => {
    expect(await failure({ ...valid, username: 'ab' })).toContain('--username: Use at least 3')
    expect(await failure({ ...valid, username: 'has space' })).toContain('--username: Use letters')
  })

  it('refuses a bad e-mail, a short password and a long name', async () => {
    expect(await failure({ ...valid, username: 'new1', email: 'nope' })).toContain(
      '--email: Enter a valid e-mail address.',
    )
    expect(await failure({ ...valid, username: 'new2', password: 'short' })).toContain(
      '--password: Use at least 10 characters.',
    )
    expect(await failure({ ...valid, username: 'new3', lastName: 'x'.repeat(151) })).toContain(
      '--last-name: Use at most 150 characters.',
    )
  })

  it('refuses unknown roles and an empty role list', async () => {
    expect(await failure({ ...valid, username: 'new4', roles: ['endworker', 'boss'] })).toContain(
      '--role: unknown boss; choose from endworker, reviewer, client, coordinator, finance_manager, staff.',
    )
    expect(await failure({ ...valid, username: 'new5', roles: [] })).toContain(
      '--role: give at least one role.',
    )
  })

  it('reports every problem at once', async () => {
    const message = await failure({ ...valid, username: 'x', email: 'y', password: 'z', roles: [] })
    expect(message.split('\n').slice(1)).toHaveLength(4)
  })
})
