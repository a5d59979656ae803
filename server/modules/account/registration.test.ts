import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endworkerGroupMembers,
  endworkerGroups,
  registrationKeyGroups,
  registrationKeys,
  users,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, createUser } from '../../test/session-client'
import { hashToken, newToken } from '../auth/tokens'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type KeyOptions = Partial<typeof registrationKeys.$inferInsert> & { groupIds?: number[] }

/** A registration key as a coordinator would create it; answers the plain key and its row id. */
async function createKey({ groupIds = [], ...options }: KeyOptions = {}) {
  const key = newToken()
  const [row] = await t.db
    .insert(registrationKeys)
    .values({ keyHash: hashToken(key), expiresAt: new Date(Date.now() + 86_400_000), ...options })
    .returning({ id: registrationKeys.id })
  const id = row?.id as number
  if (groupIds.length > 0) {
    await t.db
      .insert(registrationKeyGroups)
      .values(groupIds.map((groupId) => ({ keyId: id, groupId })))
  }
  return { key, id }
}

let registrationCount = 0
const registration = (key: string, overrides: Record<string, unknown> = {}) => {
  registrationCount += 1
  return {
    key,
    username: `newcomer${registrationCount}`,
    email: `newcomer${registrationCount}@example.test`,
    first_name: 'New',
    last_name: 'Comer',
    password: 'a long enough password',
    ...overrides,
  }
}

const register = async (body: Record<string, unknown>) =>
  (await anonymousClient(t)).post('auth/current-user/', body)

describe('GET /api/auth/register-user/verify/', () => {
  it('answers the e-mail and the deactivation flag of a usable key', async () => {
    const { key } = await createKey({ email: 'invited@example.test', deactivateAccount: true })
    const response = await t.app.inject({ url: '/api/auth/register-user/verify/', query: { key } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ email: 'invited@example.test', deactivate_account: true })
  })

  it('answers 404 invalid_key for an unknown, expired or used-up key', async () => {
    const expired = await createKey({ expiresAt: new Date(Date.now() - 1000) })
    const usedUp = await createKey({ accountsLeft: 0 })
    for (const key of ['unknown-key', expired.key, usedUp.key]) {
      const response = await t.app.inject({
        url: '/api/auth/register-user/verify/',
        query: { key },
      })
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('invalid_key')
    }
  })

  it('answers 400 naming the field when the key is missing', async () => {
    const response = await t.app.inject({ url: '/api/auth/register-user/verify/' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('key')
  })
})

describe('GET /api/auth/register-user/username/', () => {
  let key: string
  beforeAll(async () => {
    key = (await createKey()).key
  })
  const suggestion = (query: Record<string, string>) =>
    t.app.inject({ url: '/api/auth/register-user/username/', query })
  const suggest = async (query: Record<string, string>) =>
    (await suggestion({ key, ...query })).json().username

  it('suggests the first initial and the last name, then numbers them', async () => {
    expect(await suggest({ first_name: 'Łucja', last_name: 'Żółkiewska' })).toBe('lzolkiewska')
    await createUser(t.db, { username: 'jkowalski' })
    expect(await suggest({ first_name: 'Jan', last_name: 'Kowalski' })).toBe('jkowalski2')
    await createUser(t.db, { username: 'JKowalski2' })
    expect(await suggest({ first_name: 'Jan', last_name: 'Kowalski' })).toBe('jkowalski3')
  })

  it('tells nothing about existing usernames without a usable registration key', async () => {
    await createUser(t.db, { username: 'asmith' })
    const missing = await suggestion({ first_name: 'Ann', last_name: 'Smith' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields).toHaveProperty('key')
    const expired = await createKey({ expiresAt: new Date(Date.now() - 1000) })
    const usedUp = await createKey({ accountsLeft: 0 })
    for (const bad of ['unknown-key', expired.key, usedUp.key]) {
      const response = await suggestion({ key: bad, first_name: 'Ann', last_name: 'Smith' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).not.toHaveProperty('username')
    }
    expect(await suggest({ first_name: 'Ann', last_name: 'Smith' })).toBe('asmith2')
  })

  it('falls back to the e-mail, then to a generic name', async () => {
    expect(await suggest({ email: 'anna.maria@example.test' })).toBe('annamaria')
    expect(await suggest({})).toBe('user')
    expect(await suggest({ first_name: 'Li' })).toBe('liuser')
  })
})

describe('POST /api/auth/current-user/ (registration)', () => {
  it('creates an end worker in the key groups and uses one account of the key', async () => {
    const [group] = await t.db.insert(endworkerGroups).values({ name: 'Polish team' }).returning()
    const { key, id } = await createKey({ accountsLeft: 2, groupIds: [group?.id as number] })
    const body = registration(key)
    const response = await register(body)
    expect(response.statusCode).toBe(201)
    const user = response.json()
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      first_name: 'New',
      is_active: true,
      is_traditional_account: true,
      endworker_profile: { languages: [], approval: null },
    })
    const [keyRow] = await t.db.select().from(registrationKeys).where(eq(registrationKeys.id, id))
    expect(keyRow?.accountsLeft).toBe(1)
    const memberships = await t.db
      .select()
      .from(endworkerGroupMembers)
      .where(eq(endworkerGroupMembers.userId, user.id))
    expect(memberships).toEqual([{ groupId: group?.id, userId: user.id }])

    const client = await anonymousClient(t)
    const login = await client.post('auth/session/login/', {
      username: body.username,
      password: body.password,
    })
    expect(login.statusCode).toBe(200)
    expect((await client.get('auth/current-user/permissions/')).json()).toEqual(['endworker'])
  })

  it('creates an inactive account without roles when the key says so', async () => {
    const { key } = await createKey({ deactivateAccount: true, isEndworker: false })
    const response = await register(registration(key))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ is_active: false, endworker_profile: null })
    const [row] = await t.db
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.id, response.json().id))
    expect(row?.roles).toEqual([])
  })

  it('refuses a key with no accounts left', async () => {
    const { key } = await createKey({ accountsLeft: 1 })
    expect((await register(registration(key))).statusCode).toBe(201)
    const response = await register(registration(key))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'invalid_key',
      fields: { key: [expect.any(String)] },
    })
  })

  it('refuses an expired key', async () => {
    const { key } = await createKey({ expiresAt: new Date(Date.now() - 1000) })
    const response = await register(registration(key))
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_key')
  })

  it('refuses an e-mail other than the one the key was sent to', async () => {
    const { key, id } = await createKey({ email: 'Invited@Example.test' })
    const other = await register(registration(key, { email: 'someone.else@example.test' }))
    expect(other.statusCode).toBe(400)
    expect(other.json().fields).toHaveProperty('email')
    const [keyRow] = await t.db.select().from(registrationKeys).where(eq(registrationKeys.id, id))
    expect(keyRow?.accountsLeft).toBe(1)
    const same = await register(registration(key, { email: 'invited@example.TEST' }))
    expect(same.statusCode).toBe(201)
  })

  it('refuses a username that is taken, in any case', async () => {
    await createUser(t.db, { username: 'takenname' })
    const { key } = await createKey()
    const response = await register(registration(key, { username: 'TakenName' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('username')
  })

  it('refuses an e-mail that another account uses', async () => {
    await createUser(t.db, { email: 'existing@example.test' })
    const { key } = await createKey()
    const response = await register(registration(key, { email: 'EXISTING@example.test' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('email')
  })

  it('validates the form with per-field messages', async () => {
    const { key } = await createKey()
    const response = await register(
      registration(key, { username: 'a b', password: 'short', first_name: '' }),
    )
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'first_name',
      'password',
      'username',
    ])
  })

  it('lets only one of two simultaneous registrations take the last account', async () => {
    const { key } = await createKey({ accountsLeft: 1 })
    const answers = await Promise.all([register(registration(key)), register(registration(key))])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400])
    const [row] = await t.db
      .select({ left: registrationKeys.accountsLeft })
      .from(registrationKeys)
      .where(sql`${registrationKeys.keyHash} = ${hashToken(key)}`)
    expect(row?.left).toBe(0)
  })
  it('gives the loser of a race for one username a 400 on username', async () => {
    const [first, second] = await Promise.all([createKey(), createKey()])
    const answers = await Promise.all([
      register(registration(first?.key as string, { username: 'racer' })),
      register(registration(second?.key as string, { username: 'RACER' })),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400])
    const loser = answers.find((a) => a.statusCode === 400)
    expect(loser?.json().fields).toHaveProperty('username')
  })
})
