import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  ratioIntervals,
  users,
} from '../../db/schema'
import { seedLanguages } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'

let t: TestApp
let ownCoordinator: SignedInClient
let otherCoordinator: SignedInClient
let staff: SignedInClient
let others: SignedInClient[]
let ownGroup: number
let managedGroup: number
let otherGroup: number
let ownWorker: SignedInClient
let managedWorker: SignedInClient
let otherWorker: SignedInClient
let lang: { en: number; pl: number; de: number }

const hour = 3_600_000

beforeAll(async () => {
  t = await createTestApp()
  lang = await seedLanguages(t.db, ['en', 'pl', 'de'])
  const [own, managed, other] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'users own coordination', coordinationGroup: true },
      { name: 'users managed', coordinationGroup: false },
      { name: 'users other coordination', coordinationGroup: true },
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
  ownWorker = await signIn(t, { roles: ['endworker'], firstName: 'Ola', lastName: 'Nowak' })
  managedWorker = await signIn(t, { roles: ['endworker'], firstName: 'Max' })
  otherWorker = await signIn(t, { roles: ['endworker'], firstName: 'Other' })
  await t.db.insert(groupCoordinators).values([
    { groupId: ownGroup, userId: ownCoordinator.user.id },
    { groupId: otherGroup, userId: otherCoordinator.user.id },
  ])
  await t.db.insert(endworkerGroupMembers).values([
    { groupId: ownGroup, userId: ownWorker.user.id },
    { groupId: managedGroup, userId: managedWorker.user.id },
    { groupId: otherGroup, userId: otherWorker.user.id },
  ])
  // The own worker has a full profile; the managed one none (so every alert but one).
  const profile = await ownWorker.patch('auth/current-user/', {
    endworker_profile: {
      main_language: lang.pl,
      languages: [lang.pl, lang.en],
      native_languages: [lang.pl],
      availability: 20,
    },
  })
  expect(profile.statusCode).toBe(200)
  await t.db.insert(ratioIntervals).values([
    {
      userId: ownWorker.user.id,
      ratio: 80,
      startAt: new Date(Date.now() - 48 * hour),
      endAt: new Date(Date.now() - 24 * hour),
    },
    { userId: ownWorker.user.id, ratio: 120, startAt: new Date(Date.now() - 24 * hour) },
  ])
})
afterAll(() => t.close())

const USERS = 'coordinator/users/'
const ids = (response: { json: () => { results: { id: number }[] } }) =>
  response
    .json()
    .results.map((row) => row.id)
    .sort((a, b) => a - b)

describe('GET /coordinator/users/', () => {
  it('shows a coordinator the users of their groups and managed groups, staff everyone', async () => {
    const own = await ownCoordinator.get(USERS, { query: { limit: '100' } })
    expect(own.statusCode).toBe(200)
    expect(ids(own)).toEqual([ownWorker.user.id, managedWorker.user.id])
    expect(ids(await otherCoordinator.get(USERS))).toEqual([otherWorker.user.id])
    const all = ids(await staff.get(USERS, { query: { limit: '1000' } }))
    expect(all).toEqual(
      expect.arrayContaining([ownWorker.user.id, managedWorker.user.id, otherWorker.user.id]),
    )
    for (const client of others) expect((await client.get(USERS)).statusCode).toBe(403)
  })

  it('answers the profile, the ratio in force now and the alerts', async () => {
    const page = (
      await ownCoordinator.get(USERS, { query: { id: String(ownWorker.user.id) } })
    ).json()
    expect(page.count).toBe(1)
    const [user] = page.results
    expect(user).toMatchObject({
      username: ownWorker.user.username,
      first_name: 'Ola',
      ratio: 120,
      alerts: [],
      is_staff: false,
      anonymized_timestamp: null,
    })
    expect(user.endworker_profile.availability).toBe(20)
    expect(user.endworker_profile.main_language.id).toBe(lang.pl)
    expect(user.endworker_profile.native_languages.map((l: { id: number }) => l.id)).toEqual([
      lang.pl,
    ])
    const managed = (
      await ownCoordinator.get(USERS, { query: { id: String(managedWorker.user.id) } })
    ).json().results[0]
    expect(managed.ratio).toBeNull()
    expect(managed.alerts).toEqual(['NO_LANGUAGE_SET', 'NO_NATIVE_LANGUAGE_SET'])
  })

  it('filters by every field of the spec', async () => {
    const only = async (query: Record<string, string>) =>
      ids(await ownCoordinator.get(USERS, { query }))
    const own = [ownWorker.user.id]
    const managed = [managedWorker.user.id]
    expect(await only({ coordination_group: String(ownGroup) })).toEqual([
      ownWorker.user.id,
      managedWorker.user.id,
    ])
    expect(await only({ coordination_group: String(otherGroup) })).toEqual([])
    expect(await only({ has_alerts: 'true' })).toEqual(managed)
    expect(await only({ has_alerts: 'false' })).toEqual(own)
    expect(await only({ language: String(lang.en) })).toEqual(own)
    expect(await only({ native_language: String(lang.en) })).toEqual([])
    expect(await only({ main_language: String(lang.pl) })).toEqual(own)
    expect(await only({ has_languages: 'false' })).toEqual(managed)
    expect(await only({ ratio: '120' })).toEqual(own)
    expect(await only({ ratio_min: '100', ratio_max: '150' })).toEqual(own)
    expect(await only({ ratio_max: '100' })).toEqual([])
    expect(await only({ availability: '20' })).toEqual(own)
    expect(await only({ availability_min: '21' })).toEqual([])
    expect(await only({ availability_max: '20' })).toEqual(own)
    expect(await only({ is_endworker: 'true' })).toHaveLength(2)
    expect(await only({ is_active: 'false' })).toEqual([])
    expect(await only({ is_sso_account: 'true' })).toEqual([])
    expect(await only({ search: 'nowak' })).toEqual(own)
    expect(await only({ date_joined_after: new Date(Date.now() + hour).toISOString() })).toEqual([])
    expect(await only({ date_joined_before: new Date(Date.now() + hour).toISOString() })).toEqual([
      ownWorker.user.id,
      managedWorker.user.id,
    ])
  })

  it('orders, pages and answers the light base list', async () => {
    const first = await ownCoordinator.get(USERS, {
      query: { ordering: '-availability', limit: '1' },
    })
    expect(first.json()).toMatchObject({ count: 2, previous: null })
    expect(first.json().results[0].id).toBe(ownWorker.user.id)
    expect(first.json().next).toContain('offset=1')
    const base = await ownCoordinator.get(USERS, { query: { base: 'true' } })
    expect(base.json()).toHaveLength(2)
    expect(Object.keys(base.json()[0]).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'username',
    ])
  })

  it('refuses bad filters with field errors', async () => {
    const response = await ownCoordinator.get(USERS, {
      query: { ratio_min: 'many', ordering: 'password', has_alerts: 'maybe' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields ?? {})).toEqual(
      expect.arrayContaining(['ratio_min', 'ordering', 'has_alerts']),
    )
  })

  it('answers the filter choices to OPTIONS', async () => {
    const response = await ownCoordinator.options(USERS)
    expect(response.statusCode).toBe(200)
    expect(response.json().alerts).toContain('PROFILE_UNDER_APPROVAL')
    expect(response.json().languages.map((l: { id: number }) => l.id)).toContain(lang.de)
    for (const client of others) expect((await client.options(USERS)).statusCode).toBe(403)
  })
})

describe('GET /coordinator/users/stats/', () => {
  it('counts the matching users and adds up their availability, in scope', async () => {
    expect((await ownCoordinator.get(`${USERS}stats/`)).json()).toEqual({
      count: 2,
      total_availability: 20,
    })
    expect(
      (await ownCoordinator.get(`${USERS}stats/`, { query: { has_alerts: 'true' } })).json(),
    ).toEqual({ count: 1, total_availability: 0 })
    expect((await otherCoordinator.get(`${USERS}stats/`)).json()).toEqual({
      count: 1,
      total_availability: 0,
    })
    for (const client of others) expect((await client.get(`${USERS}stats/`)).statusCode).toBe(403)
  })
})

describe('PATCH /coordinator/users/{id}/', () => {
  it('changes names and e-mail of a user in scope, 404 outside it', async () => {
    const path = `${USERS}${managedWorker.user.id}/`
    const response = await ownCoordinator.patch(path, { first_name: ' Maxim ', last_name: 'K' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ first_name: 'Maxim', last_name: 'K' })
    expect((await otherCoordinator.patch(path, { first_name: 'X' })).statusCode).toBe(404)
    expect((await staff.patch(path, { first_name: 'Max' })).statusCode).toBe(200)
    for (const client of others) {
      expect((await client.patch(path, { first_name: 'X' })).statusCode).toBe(403)
    }
  })

  it('refuses a bad or taken e-mail and unknown fields', async () => {
    const path = `${USERS}${managedWorker.user.id}/`
    const bad = await ownCoordinator.patch(path, { email: 'not-mail' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('email')
    const taken = await ownCoordinator.patch(path, { email: ownWorker.user.email.toUpperCase() })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().fields).toHaveProperty('email')
    expect((await ownCoordinator.patch(path, { roles: ['staff'] })).statusCode).toBe(400)
  })

  it('signs a deactivated user out at once and keeps staff accounts to staff', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    await t.db.insert(endworkerGroupMembers).values({ groupId: ownGroup, userId: worker.user.id })
    expect((await worker.get('auth/current-user/')).statusCode).toBe(200)
    const response = await ownCoordinator.patch(`${USERS}${worker.user.id}/`, { is_active: false })
    expect(response.statusCode).toBe(200)
    expect(response.json().is_active).toBe(false)
    expect((await worker.get('auth/current-user/')).statusCode).toBe(401)

    const staffMember = await createUser(t.db, { roles: ['staff'] })
    await t.db.insert(endworkerGroupMembers).values({ groupId: ownGroup, userId: staffMember.id })
    const denied = await ownCoordinator.patch(`${USERS}${staffMember.id}/`, { is_active: false })
    expect(denied.statusCode).toBe(403)
    const self = await staff.patch(`${USERS}${staff.user.id}/`, { is_active: false })
    expect(self.statusCode).toBe(400)
  })
})

describe('PUT /coordinator/users/{id}/anonymize/', () => {
  it('deactivates, signs out and strips the person, keeping the account id; records who', async () => {
    const worker = await signIn(t, { roles: ['endworker'], firstName: 'Jan', lastName: 'Kowal' })
    await t.db.insert(endworkerGroupMembers).values({ groupId: ownGroup, userId: worker.user.id })
    const path = `${USERS}${worker.user.id}/anonymize/`
    expect((await otherCoordinator.put(path)).statusCode).toBe(404)
    for (const client of others) expect((await client.put(path)).statusCode).toBe(403)

    const response = await ownCoordinator.put(path)
    expect(response.statusCode).toBe(200)
    expect(response.json().username).toBe(`anonymous-${worker.user.id}`)
    expect((await worker.get('auth/current-user/')).statusCode).toBe(401)
    const [row] = await t.db.select().from(users).where(eq(users.id, worker.user.id))
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      isActive: false,
      passwordHash: null,
      anonymizedById: ownCoordinator.user.id,
    })
    expect(row!.anonymizedAt).toBeInstanceOf(Date)

    expect((await ownCoordinator.put(path)).statusCode).toBe(409)
    const reactivate = await ownCoordinator.patch(`${USERS}${worker.user.id}/`, { is_active: true })
    expect(reactivate.statusCode).toBe(409)
  })

  it('never anonymizes a staff account, even for staff', async () => {
    const staffMember = await createUser(t.db, { roles: ['staff'] })
    const response = await staff.put(`${USERS}${staffMember.id}/anonymize/`)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toMatch(/staff/i)
    expect((await staff.put(`${USERS}999999/anonymize/`)).statusCode).toBe(404)
  })
})

const APPROVALS = 'coordinator/profile-approvals/'

describe('profile approvals', () => {
  async function requestChange(worker: SignedInClient, languages: number[]) {
    const response = await worker.patch('auth/current-user/', {
      endworker_profile: { main_language: languages[0], languages, native_languages: [lang.pl] },
    })
    expect(response.statusCode).toBe(200)
    return response.json().endworker_profile.approval.id as number
  }

  it('lists pending changes in scope with the worker and their languages, and counts them', async () => {
    const approvalId = await requestChange(ownWorker, [lang.de, lang.pl])
    const page = await ownCoordinator.get(APPROVALS, { query: { status: '0' } })
    expect(page.statusCode).toBe(200)
    const entry = page.json().results.find((row: { id: number }) => row.id === approvalId)
    expect(entry.end_worker.id).toBe(ownWorker.user.id)
    expect(entry.end_worker.languages.map((l: { id: number }) => l.id).sort()).toEqual(
      [lang.en, lang.pl].sort(),
    )
    expect(entry.new_languages.map((l: { id: number }) => l.id).sort()).toEqual(
      [lang.de, lang.pl].sort(),
    )
    expect(entry.new_main_language.id).toBe(lang.de)
    const count = await ownCoordinator.get(`${APPROVALS}count/`, { query: { status: '0' } })
    expect(count.json()).toEqual({ count: 1 })
    expect((await ownCoordinator.get('coordinator/counters/')).json()).toMatchObject({
      pending_profile_approvals: 1,
    })
    const searched = await ownCoordinator.get(APPROVALS, {
      query: { search: 'zzz-nobody', coordination_group: String(ownGroup) },
    })
    expect(searched.json().count).toBe(0)
    expect((await otherCoordinator.get(APPROVALS)).json().count).toBe(0)
    expect((await ownCoordinator.get(APPROVALS, { query: { status: '7' } })).statusCode).toBe(400)
    for (const client of others) {
      expect((await client.get(APPROVALS)).statusCode).toBe(403)
      expect((await client.get(`${APPROVALS}count/`)).statusCode).toBe(403)
    }
  })

  it('rejecting keeps the old languages; the worker sees the outcome', async () => {
    const approvalId = await requestChange(ownWorker, [lang.de, lang.pl])
    const path = `${APPROVALS}${approvalId}/`
    expect((await otherCoordinator.patch(path, { status: 3 })).statusCode).toBe(404)
    expect((await ownCoordinator.patch(path, { status: 0 })).statusCode).toBe(400)
    const response = await ownCoordinator.patch(path, { status: 3 })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 3, decided_by: { id: ownCoordinator.user.id } })
    const profile = (await ownWorker.get('auth/current-user/')).json().endworker_profile
    expect(profile.approval).toMatchObject({ id: approvalId, status: 3 })
    expect(profile.languages.sort()).toEqual([lang.en, lang.pl].sort())
    expect((await ownCoordinator.patch(path, { status: 2 })).statusCode).toBe(409)
  })

  it('accepting applies the new languages', async () => {
    const approvalId = await requestChange(ownWorker, [lang.de, lang.pl])
    for (const client of others) {
      expect((await client.patch(`${APPROVALS}${approvalId}/`, { status: 2 })).statusCode).toBe(403)
    }
    const response = await staff.patch(`${APPROVALS}${approvalId}/`, { status: 2 })
    expect(response.statusCode).toBe(200)
    const profile = (await ownWorker.get('auth/current-user/')).json().endworker_profile
    expect(profile.approval).toMatchObject({ id: approvalId, status: 2 })
    expect(profile.languages.sort()).toEqual([lang.de, lang.pl].sort())
    expect(profile.main_language).toBe(lang.de)
  })

  it('deletes an approval in scope only', async () => {
    const approvalId = await requestChange(ownWorker, [lang.en, lang.pl])
    const path = `${APPROVALS}${approvalId}/`
    expect((await otherCoordinator.delete(path)).statusCode).toBe(404)
    for (const client of others) expect((await client.delete(path)).statusCode).toBe(403)
    expect((await ownCoordinator.delete(path)).statusCode).toBe(204)
    expect((await ownCoordinator.delete(path)).statusCode).toBe(404)
  })
})

describe('groups, task types and projects', () => {
  it('lists the groups a coordinator works with, with members, staff all', async () => {
    const own = (await ownCoordinator.get('coordinator/groups-all/')).json()
    expect(own.map((group: { id: number }) => group.id).sort()).toEqual(
      [ownGroup, managedGroup].sort(),
    )
    const ownEntry = own.find((group: { id: number }) => group.id === ownGroup)
    expect(ownEntry.user_set).toContain(ownWorker.user.id)
    expect(ownEntry.members).toContainEqual({
      id: ownWorker.user.id,
      username: ownWorker.user.username,
      first_name: 'Ola',
      last_name: 'Nowak',
    })
    expect(ownEntry.editable).toBe(true)
    expect(own.find((group: { id: number }) => group.id === managedGroup).editable).toBe(false)
    const all = (await staff.get('coordinator/groups-all/')).json()
    expect(all.map((group: { id: number }) => group.id)).toEqual(
      expect.arrayContaining([ownGroup, managedGroup, otherGroup]),
    )
    for (const client of others) {
      expect((await client.get('coordinator/groups-all/')).statusCode).toBe(403)
    }
  })

  it('lets a coordinator set the members of a group they coordinate, with their own users', async () => {
    const path = `coordinator/groups-all/${ownGroup}/`
    const moved = await ownCoordinator.patch(path, {
      user_set: [ownWorker.user.id, managedWorker.user.id],
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().user_set).toEqual(
      [ownWorker.user.id, managedWorker.user.id].sort((a, b) => a - b),
    )
    const outsider = await ownCoordinator.patch(path, {
      user_set: [ownWorker.user.id, otherWorker.user.id],
    })
    expect(outsider.statusCode).toBe(400)
    expect(outsider.json().fields).toHaveProperty('user_set')
    expect(
      (await ownCoordinator.patch(`coordinator/groups-all/${managedGroup}/`, { user_set: [] }))
        .statusCode,
    ).toBe(403)
    expect(
      (await ownCoordinator.patch(`coordinator/groups-all/${otherGroup}/`, { user_set: [] }))
        .statusCode,
    ).toBe(403)
    expect(
      (await staff.patch(`coordinator/groups-all/${otherGroup}/`, { user_set: [999_999] }))
        .statusCode,
    ).toBe(400)
    expect((await staff.patch('coordinator/groups-all/999999/', { user_set: [] })).statusCode).toBe(
      404,
    )
    const restored = await staff.patch(path, { user_set: [ownWorker.user.id] })
    expect(restored.json().user_set).toEqual([ownWorker.user.id])
    for (const client of others) {
      expect((await client.patch(path, { user_set: [] })).statusCode).toBe(403)
    }
  })

  it('answers task types and projects for the filters to coordinators and staff only', async () => {
    for (const path of ['coordinator/task-types/', 'coordinator/projects/']) {
      expect(Array.isArray((await ownCoordinator.get(path)).json())).toBe(true)
      expect((await staff.get(path)).statusCode).toBe(200)
      for (const client of others) expect((await client.get(path)).statusCode).toBe(403)
    }
  })
})
