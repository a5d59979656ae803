import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPROVAL_STATUS } from '../../../contract/auth'
import {
  approvals,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  groupCoordinators,
  languages,
  profileLanguages,
  timeLogIntervals,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, createUser, type SignedInClient, signIn } from '../../test/session-client'

describe('GET /api/coordinator/counters/', () => {
  let t: TestApp
  let coordinator: SignedInClient

  beforeAll(async () => {
    t = await createTestApp()
    const { db } = t
    const [english, polish] = await db
      .insert(languages)
      .values([
        { code: 'en', name: 'English' },
        { code: 'pl', name: 'Polish' },
      ])
      .returning()
    const [coordinated, managed, foreign] = await db
      .insert(endworkerGroups)
      .values([
        { name: 'coordinated', coordinationGroup: true },
        { name: 'managed' },
        { name: 'foreign' },
      ])
      .returning()
    if (!english || !polish || !coordinated || !managed || !foreign) throw new Error('seed failed')

    const notEndworker = await createUser(db, { roles: ['reviewer'] })
    const noLanguages = await createUser(db, { roles: ['endworker'] })
    const outOfScope = await createUser(db, { roles: ['endworker'] })
    const complete = await createUser(db, { roles: ['endworker'] })
    const inactive = await createUser(db, { roles: [], isActive: false })
    const [profile] = await db.insert(endworkerProfiles).values({ userId: complete.id }).returning()
    if (!profile) throw new Error('seed failed')
    await db.insert(profileLanguages).values([
      { profileId: profile.id, languageId: english.id, isNative: false },
      { profileId: profile.id, languageId: polish.id, isNative: true },
    ])
    await db.insert(endworkerGroupMembers).values([
      { groupId: coordinated.id, userId: notEndworker.id },
      { groupId: coordinated.id, userId: complete.id },
      { groupId: coordinated.id, userId: inactive.id },
      { groupId: managed.id, userId: noLanguages.id },
      { groupId: foreign.id, userId: outOfScope.id },
    ])
    await db
      .insert(coordinationManagedGroups)
      .values({ coordinationGroupId: coordinated.id, managedGroupId: managed.id })
    await db.insert(approvals).values([
      { userId: noLanguages.id, status: APPROVAL_STATUS.PENDING },
      { userId: complete.id, status: APPROVAL_STATUS.ACCEPTED },
      { userId: outOfScope.id, status: APPROVAL_STATUS.PENDING },
    ])
    const interval = { sourceType: 'TASK' as const, startAt: new Date(), endAt: new Date() }
    await db.insert(timeLogIntervals).values([
      { ...interval, userId: notEndworker.id, status: 0 },
      { ...interval, userId: complete.id, status: 2 },
      { ...interval, userId: outOfScope.id, status: 0 },
    ])

    coordinator = await signIn(t, { roles: ['coordinator'] })
    await db
      .insert(groupCoordinators)
      .values({ groupId: coordinated.id, userId: coordinator.user.id })
  })

  afterAll(() => t.close())

  it('counts only the users of the coordinator’s own and managed groups', async () => {
    const response = await coordinator.get('coordinator/counters/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      users_with_alerts: 2,
      pending_profile_approvals: 1,
      pending_time_logs: 1,
    })
  })

  it('counts every active user for staff', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    const response = await staff.get('coordinator/counters/')
    // notEndworker, noLanguages, outOfScope, the coordinator and the staff member themselves.
    expect(response.json()).toEqual({
      users_with_alerts: 5,
      pending_profile_approvals: 2,
      pending_time_logs: 2,
    })
  })

  it('refuses users who are not coordinators', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('coordinator/counters/')).statusCode).toBe(403)
    const anonymous = await anonymousClient(t)
    expect((await anonymous.get('coordinator/counters/')).statusCode).toBe(401)
  })
})
