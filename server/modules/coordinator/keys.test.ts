import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  registrationKeys,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  anonymousClient,
  createUser,
  loginStatus,
  type SignedInClient,
  signIn,
} from '../../test/session-client'

let t: TestApp
let ownCoordinator: SignedInClient
let otherCoordinator: SignedInClient
let staff: SignedInClient
let others: SignedInClient[]
let ownGroup: number
let managedGroup: number
let otherGroup: number

beforeAll(async () => {
  t = await createTestApp()
  const [own, managed, other] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'own coordination', coordinationGroup: true },
      { name: 'managed', coordinationGroup: false },
      { name: 'other coordination', coordinationGroup: true },
    ])
    .returning()
  ownGroup = own!.id
  managedGroup = managed!.id
  otherGroup = other!.id
  await t.db
    .insert(coordinationManagedGroups)
    .values({ coordinationGroupId: ownGroup, managedGroupId: managedGroup })
  ownCoordinator = await signIn(t, { roles: ['coordinator'] })
  otherCoordinator = await signIn(t, { roles: ['coordinator'] })
  staff = await signIn(t, { roles: ['staff'] })
  others = [
    await signIn(t, { roles: ['endworker'] }),
    await signIn(t, { roles: ['client'] }),
    await signIn(t, { roles: ['reviewer'] }),
  ]
  await t.db.insert(groupCoordinators).values([
    { groupId: ownGroup, userId: ownCoordinator.user.id },
    { groupId: otherGroup, userId: otherCoordinator.user.id },
  ])
})
afterAll(() => t.close())

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

const keyInput = (overrides: Record<string, unknown> = {}) => ({
  email: null,
  accounts_left: 2,
  expiration_timestamp: inDays(7),
  deactivate_account: false,
  is_endworker: true,
  groups: [ownGroup, managedGroup],
  coordination_group: ownGroup,
  ...overrides,
})

const REGISTRATION = 'coordinator/registration-keys/'
const RESET = 'coordinator/reset-password-keys/'

async function createRegistrationKey(overrides: Record<string, unknown> = {}) {
  const response = await ownCoordinator.post(REGISTRATION, keyInput(overrides))
  expect(response.statusCode).toBe(201)
  return response.json()
}

const register = async (key: string, name: string, email = `${name}@example.test`) =>
  (await anonymousClient(t)).post('auth/current-user/', {
    key,
    username: name,
    email,
    first_name: 'New',
    last_name: 'Comer',
    password: 'a long enough password',
  })

describe('registration keys', () => {
  it('are created by a coordinator of the group, with the link shown once and the key stored hashed', async () => {
    const created = await createRegistrationKey({ email: 'Invited@Example.test' })
    expect(created).toMatchObject({
      email: 'Invited@Example.test',
      accounts_left: 2,
      groups: [ownGroup, managedGroup],
      coordination_group: ownGroup,
    })
    expect(created.link).toMatch(/\/register\?key=/)
    expect(created.link).toContain(encodeURIComponent(created.key))
    const [row] = await t.db
      .select()
      .from(registrationKeys)
      .where(eq(registrationKeys.id, created.id))
    expect(row?.keyHash).not.toBe(created.key)
    const listed = (await ownCoordinator.get(REGISTRATION)).json()
    const entry = listed.results.find((key: { id: number }) => key.id === created.id)
    expect(entry).toBeDefined()
    expect(entry).not.toHaveProperty('key')
    expect(entry).not.toHaveProperty('link')
  })

  it('let a new person register with the link, only with the invited e-mail', async () => {
    const created = await createRegistrationKey({ email: 'only.me@example.test' })
    const wrong = await register(created.key, 'notinvited', 'someone.else@example.test')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fields).toHaveProperty('email')
    const right = await register(created.key, 'invitedperson', 'only.me@example.test')
    expect(right.statusCode).toBe(201)
    const memberships = await t.db
      .select()
      .from(endworkerGroupMembers)
      .where(eq(endworkerGroupMembers.userId, right.json().id))
    expect(memberships.map((m) => m.groupId).sort()).toEqual([ownGroup, managedGroup].sort())
    const listed = (await ownCoordinator.get(REGISTRATION)).json()
    expect(listed.results.find((key: { id: number }) => key.id === created.id).accounts_left).toBe(
      1,
    )
  })

  it('give exactly one account when two people register at once for the last one', async () => {
    const created = await createRegistrationKey({ accounts_left: 1 })
    const answers = await Promise.all([
      register(created.key, 'racerone'),
      register(created.key, 'racertwo'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400])
    const [row] = await t.db
      .select()
      .from(registrationKeys)
      .where(eq(registrationKeys.id, created.id))
    expect(row?.accountsLeft).toBe(0)
  })

  it('are updated with PUT by a coordinator of the group and staff, not by others', async () => {
    const created = await createRegistrationKey()
    const changed = keyInput({ accounts_left: 5, groups: [managedGroup], is_endworker: false })
    const own = await ownCoordinator.put(`${REGISTRATION}${created.id}/`, changed)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({
      accounts_left: 5,
      groups: [managedGroup],
      is_endworker: false,
    })
    expect(own.json()).not.toHaveProperty('key')
    const byStaff = await staff.put(`${REGISTRATION}${created.id}/`, {
      ...changed,
      accounts_left: 3,
    })
    expect(byStaff.json().accounts_left).toBe(3)
    expect((await otherCoordinator.put(`${REGISTRATION}${created.id}/`, changed)).statusCode).toBe(
      404,
    )
    const moved = await otherCoordinator.put(
      `${REGISTRATION}${created.id}/`,
      keyInput({ coordination_group: otherGroup, groups: [] }),
    )
    expect(moved.statusCode).toBe(404)
    for (const client of others) {
      expect((await client.put(`${REGISTRATION}${created.id}/`, changed)).statusCode).toBe(403)
    }
  })

  it('are listed per coordination group: a coordinator sees theirs, staff all', async () => {
    const own = await createRegistrationKey()
    const foreign = await otherCoordinator.post(
      REGISTRATION,
      keyInput({ coordination_group: otherGroup, groups: [otherGroup] }),
    )
    expect(foreign.statusCode).toBe(201)
    const ids = async (client: SignedInClient, query?: Record<string, string>) =>
      (await client.get(REGISTRATION, { query })).json().results.map((k: { id: number }) => k.id)
    expect(await ids(ownCoordinator)).toContain(own.id)
    expect(await ids(ownCoordinator)).not.toContain(foreign.json().id)
    expect(await ids(otherCoordinator)).toEqual([foreign.json().id])
    expect(await ids(staff)).toEqual(expect.arrayContaining([own.id, foreign.json().id]))
    expect(await ids(staff, { coordination_group: String(otherGroup) })).toEqual([
      foreign.json().id,
    ])
    const refused = await ownCoordinator.get(REGISTRATION, {
      query: { coordination_group: String(otherGroup) },
    })
    expect(refused.statusCode).toBe(403)
    for (const client of others) expect((await client.get(REGISTRATION)).statusCode).toBe(403)
  })

  it('refuse a coordination group or groups out of the coordinator reach', async () => {
    const foreignGroup = await ownCoordinator.post(
      REGISTRATION,
      keyInput({ coordination_group: otherGroup, groups: [] }),
    )
    expect(foreignGroup.statusCode).toBe(403)
    const foreignMembers = await ownCoordinator.post(
      REGISTRATION,
      keyInput({ groups: [otherGroup] }),
    )
    expect(foreignMembers.statusCode).toBe(400)
    expect(foreignMembers.json().fields).toHaveProperty('groups')
    const byStaff = await staff.post(
      REGISTRATION,
      keyInput({ coordination_group: null, groups: [otherGroup] }),
    )
    expect(byStaff.statusCode).toBe(201)
    for (const client of others) {
      expect((await client.post(REGISTRATION, keyInput())).statusCode).toBe(403)
    }
  })

  it('answer 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not an address' }, 'email'],
      [{ accounts_left: -1 }, 'accounts_left'],
      [{ expiration_timestamp: inDays(-1) }, 'expiration_timestamp'],
      [{ expiration_timestamp: 'tomorrow' }, 'expiration_timestamp'],
      [{ groups: [999_999] }, 'groups'],
    ]
    for (const [overrides, field] of cases) {
      const response = await ownCoordinator.post(REGISTRATION, keyInput(overrides))
      expect(response.statusCode).toBe(400)
      expect(response.json().fields).toHaveProperty(field)
    }
  })

  it('are deleted by a coordinator of the group or staff; the link stops working', async () => {
    const first = await createRegistrationKey()
    const second = await createRegistrationKey()
    expect((await otherCoordinator.delete(`${REGISTRATION}${first.id}/`)).statusCode).toBe(404)
    for (const client of others) {
      expect((await client.delete(`${REGISTRATION}${first.id}/`)).statusCode).toBe(403)
    }
    expect((await ownCoordinator.delete(`${REGISTRATION}${first.id}/`)).statusCode).toBe(204)
    expect((await staff.delete(`${REGISTRATION}${second.id}/`)).statusCode).toBe(204)
    expect((await register(first.key, 'toolate')).statusCode).toBe(400)
    expect((await ownCoordinator.delete(`${REGISTRATION}${first.id}/`)).statusCode).toBe(404)
  })
})

describe('password-reset keys', () => {
  const resetWith = async (key: string, password: string) =>
    (await anonymousClient(t)).post('auth/reset-password/', { key, password })

  it('let a member of the group set a new password once and end their sessions', async () => {
    const member = await signIn(t, { roles: ['endworker'] })
    await t.db
      .insert(endworkerGroupMembers)
      .values({ groupId: managedGroup, userId: member.user.id })
    const created = await ownCoordinator.post(RESET, {
      email: member.user.email.toUpperCase(),
      coordination_group: ownGroup,
    })
    expect(created.statusCode).toBe(201)
    const { key, link, is_used } = created.json()
    expect(link).toContain(`/reset?key=${encodeURIComponent(key)}`)
    expect(is_used).toBe(false)
    expect((await resetWith(key, 'a brand new passphrase')).statusCode).toBe(200)
    expect((await member.get('auth/current-user/')).statusCode).toBe(401)
    expect(await loginStatus(t, member.user.username, 'a brand new passphrase')).toBe(200)
    expect((await resetWith(key, 'yet another passphrase')).statusCode).toBe(400)
    const listed = (await ownCoordinator.get(RESET)).json()
    expect(listed.results.find((k: { id: number }) => k.id === created.json().id).is_used).toBe(
      true,
    )
  })

  it('answer alike for an unknown address or one out of reach, and change nothing', async () => {
    const outsider = await createUser(t.db, { roles: ['endworker'] })
    const answers = await Promise.all(
      ['nobody@example.test', outsider.email].map((email) =>
        ownCoordinator.post(RESET, { email, coordination_group: ownGroup }),
      ),
    )
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201)
      expect(Object.keys(answer.json()).sort()).toEqual(
        [
          'id',
          'email',
          'created_timestamp',
          'expiration_timestamp',
          'is_used',
          'coordination_group',
          'key',
          'link',
        ].sort(),
      )
    }
    const verify = await t.app.inject({
      url: '/api/auth/reset-password/verify/',
      query: { key: answers[1]!.json().key },
    })
    expect(verify.statusCode).toBe(200)
    expect((await resetWith(answers[1]!.json().key, 'hijacked passphrase')).statusCode).toBe(200)
    expect(await loginStatus(t, outsider.username, 'hijacked passphrase')).toBe(401)
    expect(await loginStatus(t, outsider.username, outsider.password)).toBe(200)
  })

  it('are listed per coordination group with a next link, and deleted within scope', async () => {
    const ids: number[] = []
    for (const n of [1, 2, 3]) {
      const created = await ownCoordinator.post(RESET, {
        email: `pager${n}@example.test`,
        coordination_group: ownGroup,
      })
      ids.push(created.json().id)
    }
    const first = await ownCoordinator.get(RESET, {
      query: { coordination_group: String(ownGroup), limit: '2' },
    })
    expect(first.statusCode).toBe(200)
    const page = first.json()
    expect(page.results.map((k: { id: number }) => k.id)).toEqual([ids[2], ids[1]])
    const next = new URL(page.next)
    expect(next.searchParams.get('offset')).toBe('2')
    expect(next.searchParams.get('coordination_group')).toBe(String(ownGroup))
    expect((await otherCoordinator.get(RESET)).json().results).toEqual([])
    expect(
      (await otherCoordinator.get(RESET, { query: { coordination_group: String(ownGroup) } }))
        .statusCode,
    ).toBe(403)
    expect(
      (await staff.get(RESET, { query: { coordination_group: String(ownGroup) } })).json().count,
    ).toBe(page.count)
    expect((await otherCoordinator.delete(`${RESET}${ids[0]}/`)).statusCode).toBe(404)
    for (const client of others) {
      expect((await client.get(RESET)).statusCode).toBe(403)
      expect((await client.post(RESET, { email: 'x@example.test' })).statusCode).toBe(403)
      expect((await client.delete(`${RESET}${ids[0]}/`)).statusCode).toBe(403)
    }
    expect((await ownCoordinator.delete(`${RESET}${ids[0]}/`)).statusCode).toBe(204)
    expect((await staff.delete(`${RESET}${ids[1]}/`)).statusCode).toBe(204)
  })

  it('are refused for a coordination group the coordinator does not coordinate, or bad input', async () => {
    expect(
      (
        await ownCoordinator.post(RESET, {
          email: 'a@example.test',
          coordination_group: otherGroup,
        })
      ).statusCode,
    ).toBe(403)
    const bad = await ownCoordinator.post(RESET, { email: 'nope', coordination_group: ownGroup })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('email')
    expect((await staff.post(RESET, { email: 'anyone@example.test' })).statusCode).toBe(201)
  })
})

describe('GET /api/coordinator/groups/', () => {
  it('answers the coordinator their coordination groups with the groups they manage, staff all', async () => {
    const own = (await ownCoordinator.get('coordinator/groups/')).json()
    expect(own).toEqual([
      {
        id: ownGroup,
        name: 'own coordination',
        review_group: false,
        coordination_group: true,
        task_group: true,
        managed_groups: [{ id: managedGroup, name: 'managed' }],
      },
    ])
    const other = (await otherCoordinator.get('coordinator/groups/')).json()
    expect(other.map((group: { id: number }) => group.id)).toEqual([otherGroup])
    const all = (await staff.get('coordinator/groups/')).json()
    expect(all.map((group: { id: number }) => group.id)).toEqual([otherGroup, ownGroup])
    for (const client of others) {
      expect((await client.get('coordinator/groups/')).statusCode).toBe(403)
    }
  })
})

describe('keys made without naming a coordination group (the spec payload)', () => {
  let twoGroups: SignedInClient
  let north: number
  let south: number

  beforeAll(async () => {
    const [a, b] = await t.db
      .insert(endworkerGroups)
      .values([
        { name: 'north coordination', coordinationGroup: true },
        { name: 'south coordination', coordinationGroup: true },
      ])
      .returning()
    north = a!.id
    south = b!.id
    twoGroups = await signIn(t, { roles: ['coordinator'] })
    await t.db.insert(groupCoordinators).values([
      { groupId: north, userId: twoGroups.user.id },
      { groupId: south, userId: twoGroups.user.id },
    ])
  })

  it("take a coordinator's only coordination group", async () => {
    const reset = await ownCoordinator.post(RESET, { email: 'someone@example.test' })
    expect(reset.statusCode).toBe(201)
    expect(reset.json().coordination_group).toBe(ownGroup)
    // A coordinator's null names no group: never a key of the whole instance.
    const nullGroup = await ownCoordinator.post(RESET, {
      email: 'someone@example.test',
      coordination_group: null,
    })
    expect(nullGroup.json().coordination_group).toBe(ownGroup)
    const { coordination_group: _left, ...withoutGroup } = keyInput()
    const registration = await ownCoordinator.post(REGISTRATION, withoutGroup)
    expect(registration.statusCode).toBe(201)
    expect(registration.json().coordination_group).toBe(ownGroup)
  })

  it("take the only group of several whose members include the reset key's e-mail", async () => {
    const member = await createUser(t.db, { email: 'South.Member@example.test' })
    await t.db.insert(endworkerGroupMembers).values({ groupId: south, userId: member.id })
    const response = await twoGroups.post(RESET, { email: 'south.member@example.test' })
    expect(response.statusCode).toBe(201)
    expect(response.json().coordination_group).toBe(south)
  })

  it('answer 400 on coordination_group only when the choice stays open', async () => {
    for (const coordination_group of [undefined, null]) {
      const unknown = await twoGroups.post(RESET, {
        email: 'nobody-here@example.test',
        coordination_group,
      })
      expect(unknown.statusCode).toBe(400)
      expect(Object.keys(unknown.json().fields)).toEqual(['coordination_group'])
    }
    const registration = await twoGroups.post(REGISTRATION, {
      ...keyInput({ groups: [] }),
      coordination_group: undefined,
    })
    expect(registration.statusCode).toBe(400)
    expect(registration.json().fields).toHaveProperty('coordination_group')
    const none = await signIn(t, { roles: ['coordinator'] })
    const noGroups = await none.post(RESET, { email: 'someone@example.test' })
    expect(noGroups.statusCode).toBe(400)
    expect(noGroups.json().fields).toHaveProperty('coordination_group')
  })

  it('keep the group of a changed key that names none, for a coordinator and for staff', async () => {
    const created = await twoGroups.post(
      REGISTRATION,
      keyInput({ coordination_group: south, groups: [] }),
    )
    expect(created.statusCode).toBe(201)
    const { coordination_group: _left, ...withoutGroup } = keyInput({
      groups: [],
      accounts_left: 4,
    })
    const changed = await twoGroups.put(`${REGISTRATION}${created.json().id}/`, withoutGroup)
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ coordination_group: south, accounts_left: 4 })
    const byStaff = await staff.put(`${REGISTRATION}${created.json().id}/`, withoutGroup)
    expect(byStaff.json().coordination_group).toBe(south)
    const toInstance = await staff.put(`${REGISTRATION}${created.json().id}/`, {
      ...withoutGroup,
      coordination_group: null,
    })
    expect(toInstance.json().coordination_group).toBeNull()
  })

  it('describe the rule in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json()
    const schema =
      document.paths['/api/coordinator/reset-password-keys/'].post.requestBody.content[
        'application/json'
      ].schema
    expect(schema.required).toEqual(['email'])
    expect(schema.properties.coordination_group.description).toMatch(/only coordination group/)
  })
})
