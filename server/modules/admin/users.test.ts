import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endworkerGroups, endworkerProfiles, users } from '../../db/schema'
import { seedClientGroup, uniqueName } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { loginStatus, type SignedInClient, signIn } from '../../test/session-client'

let t: TestApp
let staff: SignedInClient
let groupId: number
let clientGroupId: number

beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t, { roles: ['staff'], firstName: 'Stella', lastName: 'Staff' })
  const [group] = await t.db.insert(endworkerGroups).values({ name: 'annotators' }).returning()
  groupId = group!.id
  clientGroupId = (await seedClientGroup(t.db)).id
})
afterAll(() => t.close())

const PASSWORD = 'a long enough password'

async function createAccount(overrides: Record<string, unknown> = {}) {
  const response = await staff.post('admin/users/', {
    username: uniqueName('user'),
    first_name: 'Ann',
    last_name: 'Lee',
    email: `${uniqueName('ann')}@example.test`,
    roles: ['endworker'],
    groups: [groupId],
    client_groups: [clientGroupId],
    password: PASSWORD,
    ...overrides,
  })
  expect(response.statusCode).toBe(201)
  return response.json()
}

describe('POST /api/admin/users/', () => {
  it('creates a password account with its groups and an end-worker profile', async () => {
    const account = await createAccount()
    expect(account).toMatchObject({
      first_name: 'Ann',
      roles: ['endworker'],
      groups: [groupId],
      client_groups: [clientGroupId],
      is_active: true,
      is_sso_account: false,
      last_login: null,
    })
    expect(await loginStatus(t, account.username, PASSWORD)).toBe(200)
    const profiles = await t.db
      .select()
      .from(endworkerProfiles)
      .where(eq(endworkerProfiles.userId, account.id))
    expect(profiles).toHaveLength(1)
  })

  it('creates a single-sign-on placeholder without a password, which cannot sign in by form', async () => {
    const account = await createAccount({ password: null, roles: [] })
    expect(account.is_sso_account).toBe(true)
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id))
    expect(row!.passwordHash).toBeNull()
    expect(await loginStatus(t, account.username, PASSWORD)).toBe(401)
  })

  it('answers field errors for bad input, a taken username and unknown groups', async () => {
    const bad = await staff.post('admin/users/', {
      username: 'x',
      email: 'not an e-mail',
      roles: ['emperor'],
      password: 'short',
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'email',
      'password',
      'roles.0',
      'username',
    ])

    const taken = await staff.post('admin/users/', {
      username: staff.user.username.toUpperCase(),
      password: PASSWORD,
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().fields).toEqual({ username: ['This username is taken.'] })

    const unknown = await staff.post('admin/users/', {
      username: uniqueName('user'),
      password: PASSWORD,
      groups: [999_999],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().fields.groups).toBeDefined()

    const placeholderWithoutEmail = await staff.post('admin/users/', {
      username: uniqueName('user'),
      password: null,
    })
    expect(placeholderWithoutEmail.statusCode).toBe(400)
    expect(placeholderWithoutEmail.json().fields.email).toBeDefined()
  })
})

describe('GET /api/admin/users/', () => {
  it('finds accounts by search, role, activity and kind, ordered and paged', async () => {
    const marker = uniqueName('zeta')
    const first = await createAccount({ last_name: `${marker} b`, roles: ['reviewer'] })
    const second = await createAccount({
      last_name: `${marker} a`,
      roles: ['reviewer'],
      password: null,
    })

    const bySearch = await staff.get('admin/users/', {
      query: { search: marker, ordering: 'last_name' },
    })
    expect(bySearch.json().results.map((user: { id: number }) => user.id)).toEqual([
      second.id,
      first.id,
    ])

    const sso = await staff.get('admin/users/', {
      query: { search: marker, is_sso_account: 'true', role: 'reviewer' },
    })
    expect(sso.json().results.map((user: { id: number }) => user.id)).toEqual([second.id])

    const paged = await staff.get('admin/users/', {
      query: { search: marker, ordering: '-last_name', limit: '1' },
    })
    expect(paged.json()).toMatchObject({ count: 2, previous: null, results: [{ id: first.id }] })
    expect(paged.json().next).toContain('offset=1')

    const inactive = await staff.get('admin/users/', {
      query: { search: marker, is_active: 'false' },
    })
    expect(inactive.json().count).toBe(0)
  })
})

describe('PATCH /api/admin/users/{id}/', () => {
  it('changes names, e-mail, roles and groups', async () => {
    const account = await createAccount({ roles: [] })
    const response = await staff.patch(`admin/users/${account.id}/`, {
      first_name: 'Bea',
      email: 'bea@example.test',
      roles: ['endworker', 'coordinator'],
      groups: [],
      client_groups: [],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Bea',
      last_name: 'Lee',
      email: 'bea@example.test',
      roles: ['endworker', 'coordinator'],
      groups: [],
      client_groups: [],
    })
    const profiles = await t.db
      .select()
      .from(endworkerProfiles)
      .where(eq(endworkerProfiles.userId, account.id))
    expect(profiles).toHaveLength(1)
  })

  it('deactivation ends the sessions at once; activation lets the person in again', async () => {
    const person = await signIn(t, { roles: ['endworker'] })
    expect((await person.get('auth/current-user/')).statusCode).toBe(200)

    const off = await staff.patch(`admin/users/${person.user.id}/`, { is_active: false })
    expect(off.json().is_active).toBe(false)
    expect((await person.get('auth/current-user/')).statusCode).toBe(401)

    const on = await staff.patch(`admin/users/${person.user.id}/`, { is_active: true })
    expect(on.json().is_active).toBe(true)
    expect(await loginStatus(t, person.user.username, person.user.password)).toBe(200)
  })

  it('keeps staff from locking themselves out, and answers 404 for no account', async () => {
    const self = await staff.patch(`admin/users/${staff.user.id}/`, { is_active: false })
    expect(self.statusCode).toBe(400)
    expect(self.json().fields.is_active).toBeDefined()
    const demote = await staff.patch(`admin/users/${staff.user.id}/`, { roles: ['client'] })
    expect(demote.statusCode).toBe(400)
    expect(demote.json().fields.roles).toBeDefined()
    expect((await staff.patch('admin/users/999999/', { first_name: 'X' })).statusCode).toBe(404)
  })

  it('answers field errors for bad values', async () => {
    const account = await createAccount()
    const response = await staff.patch(`admin/users/${account.id}/`, {
      email: 'nope',
      is_active: 'yes',
      client_groups: [999_999],
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'is_active'])
    const groups = await staff.patch(`admin/users/${account.id}/`, { client_groups: [999_999] })
    expect(groups.json().fields.client_groups).toBeDefined()
  })
})
